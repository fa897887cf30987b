import { projects } from "../../app/content/projects";

/** The marketing pages this suite owns, with the h1 each shows. */
export const sitePages: Array<{ name: string; path: string; heading: RegExp | string }> = [
  { name: "home", path: "/", heading: /We build AI ideas/ },
  { name: "about", path: "/about", heading: "About us" },
  { name: "projects", path: "/projects", heading: "Projects" },
  ...projects.map((project) => ({ name: `project-${project.slug}`, path: `/projects/${project.slug}`, heading: project.title })),
  { name: "services", path: "/services", heading: "Services" },
  { name: "privacy-policy", path: "/privacy-policy", heading: "Privacy Policy" },
  { name: "terms-of-service", path: "/terms-of-service", heading: "Terms of Service" },
  { name: "cookie-policy", path: "/cookie-policy", heading: "Cookie Policy" },
  { name: "reference-shnobergendorff", path: "/references/shnobergendorff", heading: "Shno Bergendorff" },
  { name: "reference-rentals-in-thailand", path: "/references/rentals-in-thailand", heading: "Rentals in Thailand" },
];

/** Pages for the screenshot and layout checks (one project page stands for all ten). */
export const layoutPages = sitePages.filter((page) => !page.name.startsWith("project-") || page.name === "project-lawsecai");
