import { fixedPages } from "~/content/public-pages";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The fixed public pages, then a page per published project (`projectSlugs`, in the site's order). */
export function renderSitemap(publicUrl: string, projectSlugs: readonly string[]): string {
  const paths = [...fixedPages.map((page) => page.path), ...projectSlugs.map((slug) => `/projects/${slug}`)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}
