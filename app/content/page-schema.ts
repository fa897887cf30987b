import { z } from "zod";
import { link, linkTarget, list, text } from "./schema-parts";

/**
 * The copy of the site's own pages (docs/content.md, "Pages"): the home page's sections, the
 * about page's story, vision and figures, the mentoring page, the Free Build Program and the
 * studio's contact details. Each is
 * one item of the `pages` kind, told apart by `page`; the set is fixed.
 */
const figure = z.object({ value: text("A figure", 12), label: text("What the figure measures", 160) });

export const homePageSchema = z.object({
  page: z.literal("home"),
  hero: z.object({
    eyebrow: text("Eyebrow", 80),
    /** The heading reads the lead followed by the rotating phrase. */
    lead: text("Heading", 60),
    /** Cycled in order; the first is what crawlers and reduced-motion visitors see. */
    phrases: list("Rotating phrases", text("A phrase", 40), 1, 6),
    intro: text("Introduction", 400),
    primary: link("First button"),
    secondary: link("Second button"),
  }),
  projectsSection: z.object({ title: text("Projects title", 80), intro: text("Projects introduction", 300) }),
  toolsSection: z.object({
    title: text("Tools title", 80),
    intro: text("Tools introduction", 300),
    tools: z
      .array(
        z.object({
          id: z.enum(["secretary", "seo", "email", "linkedin"]),
          title: text("A tool's title", 60),
          text: text("A tool's text", 200),
        }),
      )
      .length(4, "Tools: the four tools."),
  }),
  resultsSection: z.object({
    title: text("Results title", 80),
    intro: text("Results introduction", 300),
    cards: list(
      "Cards",
      z.object({
        title: text("A card's title", 60),
        text: text("A card's text", 300),
        to: linkTarget("A card's link"),
        linkLabel: text("A card's link text", 60),
      }),
      1,
      4,
    ),
  }),
});

export const aboutPageSchema = z.object({
  page: z.literal("about"),
  intro: text("Introduction", 400),
  story: z.object({
    title: text("Story title", 80),
    milestones: list("Milestones", z.object({ year: text("A milestone's year", 12), text: text("A milestone", 200) }), 1, 8),
    paragraphs: list("The story", text("A paragraph of the story", 2000), 1, 8),
  }),
  vision: z.object({
    title: text("Vision title", 80),
    text: text("The vision", 600),
    quote: text("The founders' quote", 400),
    quoteBy: text("Who said it", 120),
  }),
  /** Short facts under the home page's hero and on /about. */
  stats: list("Figures", figure, 1, 4),
});

export const mentoringPageSchema = z.object({
  page: z.literal("mentoring"),
  intro: text("Introduction", 300),
  /** The "What to expect" list beside the request form. */
  expect: list("What to expect", text("An item of what to expect", 200), 1, 6),
  format: text("Format", 120),
  sessionLength: text("Session length", 40),
  scholarships: text("Scholarships", 600),
  payment: text("Payment", 300),
  topics: list("Topics", text("A topic", 120), 1, 10),
});

export const programPageSchema = z.object({
  page: z.literal("program"),
  name: text("Name", 80),
  options: list("Options", z.object({ name: text("An option's name", 60), text: text("An option's text", 300) }), 1, 4),
  priority: text("Priority", 300),
  selectivity: text("Selectivity", 300),
  criteria: list("What we look for", text("A criterion", 200), 1, 6),
});

/** The studio's contact details: the contact page, the footer of every page, the e-mails, the chat. */
export const contactDetailsSchema = z.object({
  page: z.literal("contact"),
  email: text("E-mail address", 120).email("E-mail address: an address like hello@example.com."),
  replyPromise: text("Reply promise", 120),
  location: text("Location", 80),
});

export const pageSchema = z.discriminatedUnion(
  "page",
  [homePageSchema, aboutPageSchema, mentoringPageSchema, programPageSchema, contactDetailsSchema],
  { error: "A page is the home, about, mentoring or program page, or the contact details." },
);

export type SitePage = z.infer<typeof pageSchema>;
export type PageKey = SitePage["page"];
export type PageOf<K extends PageKey> = Extract<SitePage, { page: K }>;
export type HomePage = PageOf<"home">;
export type AboutPage = PageOf<"about">;
export type MentoringPage = PageOf<"mentoring">;
export type ProgramPage = PageOf<"program">;
export type ContactDetails = PageOf<"contact">;

/** Where each page's copy shows. */
export const PAGE_PATHS: Record<PageKey, string> = {
  home: "/",
  about: "/about",
  mentoring: "/mentoring",
  program: "/services",
  contact: "/contact",
};
