import { initialProjects } from "./projects";

/**
 * How the page cache (server/html-cache.ts) keeps a public page: "site" pages change only with a
 * deploy, "news" pages also when the news changes; null for pages rendered for each visitor
 * (the form pages carry a signed start time).
 */
export type PageCacheKind = "site" | "news";

export type PublicPage = { path: string; cache: PageCacheKind | null };

/**
 * Every public, indexable page with a fixed address (docs/product.md#pages), in the order of the
 * route table: the sitemap lists them, the page cache keeps the ones marked.
 * Left out on purpose: /unsubscribe (personal links), /admin/* (private), the news story pages
 * /ai-news/:id (they come and go with the feeds; the page cache keeps them as "news"), and the
 * project pages, which come and go as the studio publishes them (`PROJECT_PATH`).
 */
export const fixedPages: readonly PublicPage[] = [
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
];

/** A project page's address: its slug as the project schema allows it. The page cache keeps them as "site". */
export const PROJECT_PATH = /^\/projects\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The fixed pages and the first content's projects: the pages the tests visit. */
export const publicPages: readonly PublicPage[] = [
  ...fixedPages,
  ...initialProjects.map((project): PublicPage => ({ path: `/projects/${project.slug}`, cache: "site" })),
];

export const publicPaths: readonly string[] = publicPages.map((page) => page.path);
