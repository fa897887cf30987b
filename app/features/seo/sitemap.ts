import { projects } from "~/content/projects";

/**
 * Every public, indexable page (docs/product.md#pages), in the order of the route table.
 * Left out on purpose: /unsubscribe (personal links), /admin/* (private).
 */
export const staticPublicPaths = [
  "/",
  "/about",
  "/projects",
  "/services",
  "/try-ai",
  "/ai-news",
  "/apply",
  "/mentoring",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/references/shnobergendorff",
  "/references/rentals-in-thailand",
] as const;

export function publicPaths(): string[] {
  return [...staticPublicPaths, ...projects.map((project) => `/projects/${project.slug}`)];
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderSitemap(publicUrl: string): string {
  const urls = publicPaths()
    .map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}
