import type { ContactDetails } from "./page-schema";

/**
 * Site-wide facts an operator edits without touching components: the brand,
 * navigation, footer and contact details. Page copy lives beside this file.
 */
export const site = {
  name: "Nordlys Studio",
  shortName: "Nordlys",
  tagline: "AI products, built with you",
  description: "Nordlys Studio designs and builds AI products: assistants, automations and apps that save teams 40+ hours per month.",
  contactEmail: "hello@nordlys.studio",
  privacyEmail: "privacy@nordlys.studio",
  replyPromise: "We reply within 24 hours.",
  location: "Oslo, Norway",
  /** Default sender of every e-mail the site sends (MAIL_FROM overrides it). */
  sender: { name: "Nordlys Studio", email: "studio@nordlys.studio" },
  /** Default inbox for form notifications (MAIL_TO_STUDIO overrides it). */
  studioInbox: "hello@nordlys.studio",
} as const;

/**
 * The contact details the site first shows (the `contact` page's first content), and what pages
 * and e-mails show before the published ones are read (app/lib/contact-details.ts,
 * app/.server/contact-details.ts).
 */
export const firstContactDetails: ContactDetails = {
  page: "contact",
  email: site.contactEmail,
  replyPromise: site.replyPromise,
  location: site.location,
};

export type NavLink = { label: string; to: string };

/** Header navigation (docs/product.md#pages: nine links, in this order). */
export const mainNav: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Projects", to: "/projects" },
  { label: "Try AI", to: "/try-ai" },
  { label: "AI News", to: "/ai-news" },
  { label: "Services", to: "/services" },
  { label: "Apply", to: "/apply" },
  { label: "Mentoring", to: "/mentoring" },
  { label: "Contact", to: "/contact" },
];

export const headerActions = {
  /** `hint` completes the label for screen readers and search engines ("Start" alone is not descriptive). */
  start: { label: "Start", hint: "a project", to: "/contact" },
  mentor: { label: "Mentor", to: "/mentoring" },
} as const;

export type FooterColumn = { title: string; links: NavLink[] };

/** Footer columns (docs/product.md#pages: Company, Get Involved, Legal, Info). */
export const footerColumns: FooterColumn[] = [
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Projects", to: "/projects" },
      { label: "Services", to: "/services" },
      { label: "AI News", to: "/ai-news" },
    ],
  },
  {
    title: "Get Involved",
    links: [
      { label: "Pitch Your Idea", to: "/apply" },
      { label: "Mentoring", to: "/mentoring" },
      { label: "Try AI Tools", to: "/try-ai" },
      { label: "Contact", to: "/contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms of Service", to: "/terms-of-service" },
      { label: "Cookie Policy", to: "/cookie-policy" },
    ],
  },
];
