import { z } from "zod";
import { list, slug, text } from "./schema-parts";

/**
 * A project of the portfolio, as the editor, the content API and the first-start import check it
 * (docs/content.md, "Projects"). The product's required facts are rules here: an editor who breaks
 * one gets the message beside the field, and nothing is saved.
 */

/**
 * The path prefix of a picture's generated widths: the site's artwork (/images/projects/lawsecai)
 * or an upload (/media/<id>, docs/content.md, "Images").
 */
const imagePath = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(
      /^(?:\/images\/projects\/(?:screens\/)?[a-z0-9]+(?:-[a-z0-9]+)*|\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
      `${label}: choose one of the site's project images or an upload.`,
    );

export const projectCtaSchema = z
  .object({
    url: text("Call to action address", 300),
    label: text("Call to action label", 60),
    /** External links open in a new tab; internal ones go to /contact. */
    external: z.boolean(),
  })
  .refine((cta) => (cta.external ? /^https:\/\/[^\s]+$/.test(cta.url) : cta.url === "/contact"), {
    message: "An external call to action needs an https:// address; an internal one goes to /contact.",
    path: ["url"],
  });

/**
 * The long form of a project page: the client's problem, how we went about it, the screens we
 * built, the results in figures, the stack and the client's words.
 */
export const caseStudySchema = z.object({
  /** A few facts beside the title: timeline, team, platforms. */
  facts: list("Facts", z.object({ label: text("A fact's label", 40), value: text("A fact's value", 80) }), 2, 4),
  problem: list("The problem", text("A paragraph of the problem", 2000), 1, 6),
  approach: list("Our approach", z.object({ title: text("A step's title", 80), text: text("A step's text", 600) }), 3, 6),
  screens: list(
    "Screens",
    z.object({
      image: imagePath("A screen's image"),
      alt: text("A screen's alt text", 400).refine(
        (alt) => alt.length > 40,
        "A screen's alt text: describe it in more than 40 characters.",
      ),
      caption: text("A screen's caption", 300),
    }),
    2,
    4,
  ),
  results: z
    .array(z.object({ value: text("A result's figure", 8), label: text("A result's label", 120) }))
    .length(3, "Results: exactly three figures."),
  stack: list("The stack", text("A part of the stack", 80), 3, 12),
  quote: z.object({ text: text("The quote", 600), by: text("Who said it", 80), role: text("Their role", 120) }),
});

export const projectSchema = z.object({
  slug,
  title: text("Title", 120),
  /** Who it was built for, in a few words. */
  client: text("Client", 120),
  year: z
    .number({ error: "Year is required." })
    .int("Year: a whole number.")
    .min(2000, "Year: 2000 or later.")
    .max(2100, "Year: 2100 or earlier."),
  tags: list("Tags", text("A tag", 40), 1, 6),
  /** One or two sentences for the list card. */
  description: text("Description", 400),
  image: imagePath("Image"),
  alt: text("Alt text", 400).refine((alt) => alt.length > 20, "Alt text: describe the image in more than 20 characters."),
  /** The measurable result, one sentence. */
  outcome: text("Outcome", 300),
  /** What the problem was and what we built, one paragraph each. */
  summary: list("Summary", text("A paragraph of the summary", 2000), 1, 6),
  features: list("Key features", text("A key feature", 200), 3, 12),
  cta: projectCtaSchema,
  /** A written client reference on this site, if there is one. */
  reference: z
    .object({
      label: text("Reference label", 80),
      to: z.string().regex(/^\/references\/[a-z0-9-]+$/, "Reference: an address under /references/."),
    })
    .optional(),
  caseStudy: caseStudySchema.optional(),
});

export type Project = z.infer<typeof projectSchema>;
export type ProjectCta = Project["cta"];
export type CaseStudy = z.infer<typeof caseStudySchema>;

/** A meta description of at most 155 characters (docs/product.md#projects), cut at a word with an ellipsis. */
export function projectMetaDescription(project: Pick<Project, "description" | "outcome">, max = 155): string {
  const text = `${project.description} ${project.outcome}`;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
