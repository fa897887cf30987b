import { initialProjects as projects } from "../../app/content/projects";
import { publicPages } from "../../app/content/public-pages";

/** The h1 of each marketing page this suite owns (the other public pages have their own specs). */
const headings: Record<string, RegExp | string> = {
  "/": /We build AI ideas/,
  "/about": "About us",
  "/projects": "Projects",
  ...Object.fromEntries(projects.map((project) => [`/projects/${project.slug}`, project.title])),
  "/services": "Services",
  "/privacy-policy": "Privacy Policy",
  "/terms-of-service": "Terms of Service",
  "/cookie-policy": "Cookie Policy",
  "/references/shnobergendorff": "Shno Bergendorff",
  "/references/rentals-in-thailand": "Rentals in Thailand",
};

function nameOf(path: string): string {
  if (path === "/") return "home";
  return path
    .slice(1)
    .replace(/^references\//, "reference-")
    .replace(/^projects\//, "project-");
}

/** The marketing pages this suite owns, from the one list of public pages (app/content/public-pages.ts). */
export const sitePages: Array<{ name: string; path: string; heading: RegExp | string }> = publicPages
  .filter((page) => page.path in headings)
  .map((page) => ({ name: nameOf(page.path), path: page.path, heading: headings[page.path]! }));

const missing = Object.keys(headings).filter((path) => !sitePages.some((page) => page.path === path));
if (missing.length) throw new Error(`Not in app/content/public-pages.ts: ${missing.join(", ")}`);

/** Pages for the screenshot and layout checks (one project page stands for all ten). */
export const layoutPages = sitePages.filter((page) => !page.name.startsWith("project-") || page.name === "project-lawsecai");
