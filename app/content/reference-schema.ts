import { z } from "zod";
import { text } from "./schema-parts";

/**
 * A written client reference (docs/content.md, "References") as the editor, the content API and
 * the first-start import check it. The two references have fixed addresses (the route table
 * names them); everything a reader sees is edited.
 */
export const REFERENCE_KEYS = ["shnobergendorff", "rentals-in-thailand"] as const;
export type ReferenceKey = (typeof REFERENCE_KEYS)[number];

export const referenceSchema = z.object({
  path: z.enum(
    REFERENCE_KEYS.map((key) => `/references/${key}` as const),
    { error: "A reference's address is one of the site's two." },
  ),
  /** The project the reference is about (its card is shown beside it). */
  projectSlug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Project: the slug of one of the projects."),
  title: text("Title", 120),
  description: text("Description", 300),
  client: text("Client", 120),
  location: text("Location", 120),
  engagement: text("Engagement", 200),
  quote: z.object({ text: text("The quote", 800), by: text("Who said it", 80), role: text("Their role", 120) }),
  sections: z
    .array(
      z.object({
        title: text("A section's title", 120),
        paragraphs: z.array(text("A paragraph", 2000)).min(1, "A section needs a paragraph.").max(8),
      }),
    )
    .min(1, "Sections: at least one.")
    .max(8, "Sections: at most 8."),
  results: z
    .array(z.object({ value: text("A result's figure", 12), label: text("A result's label", 160) }))
    .min(1, "Results: at least one.")
    .max(6, "Results: at most 6."),
});

export type Reference = z.infer<typeof referenceSchema>;

export function referenceKeyOf(reference: Pick<Reference, "path">): ReferenceKey {
  return reference.path.slice("/references/".length) as ReferenceKey;
}
