import { projects } from "./projects";

/**
 * How the page cache (server/html-cache.ts) keeps a public page: "site" pages change only with a
 * deploy, "news" pages also when the news changes; null for pages rendered for each visitor
 * (the form pages carry a signed start time).
 */
export type PageCacheKind = "site" | "news";

export type PublicPage = { path: string; cache: PageCacheKind | null };

/**
 * Every public, indexable page (docs/product.md#pages), in the order of the route table: the
 * sitemap lists them, the page cache keeps the ones marked, and the tests visit them.
 * Left out on purpose: /unsubscribe (personal links), /admin/* (private), the news story pages
 * /ai-news/:id (they come and go with the feeds; the page cache keeps them as "news").
 */
export const publicPages: readonly PublicPage[] = [
  { path: "/", cache: "news" },
  { path: "/about", cache: "site" },
  { path: "/projects", cache: "site" },
  { path: "/services", cache: "site" },
  { path: "/try-ai", cache: "site" },
  { path: "/ai-news", cache: "news" },
  { path: "/apply", cache: null },
  { path: "/mentoring", cache: null },
  { path: "/contact", cache: null },
  { path: "/privacy-policy", cache: "site" },
  { path: "/terms-of-service", cache: "site" },
  { path: "/cookie-policy", cache: "site" },
  { path: "/references/shnobergendorff", cache: "site" },
  { path: "/references/rentals-in-thailand", cache: "site" },
  ...projects.map((project): PublicPage => ({ path: `/projects/${project.slug}`, cache: "site" })),
];

export const publicPaths: readonly string[] = publicPages.map((page) => page.path);
