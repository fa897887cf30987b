import { z } from "zod";
import { text } from "./schema-parts";

/**
 * A legal page (the privacy policy, the terms of service, the cookie policy) as the editor, the
 * content API and the first-start import check it (docs/content.md, "Legal pages"). Each keeps its
 * number of sections; "Last updated" (`lastChanged`) is set by publishing, never typed.
 */
export const LEGAL_PAGES = {
  "privacy-policy": { sections: 11 },
  "terms-of-service": { sections: 13 },
  "cookie-policy": { sections: 9 },
} as const;
export type LegalSlug = keyof typeof LEGAL_PAGES;

export const legalSectionSchema = z.object({
  title: text("A section's title", 120),
  paragraphs: z
    .array(text("A paragraph", 3000))
    .min(1, "A section needs at least one paragraph.")
    .max(12, "A section: at most 12 paragraphs."),
  items: z.array(text("A list item", 1000)).max(20, "A section's list: at most 20 items.").optional(),
});

export const legalDocumentSchema = z
  .object({
    slug: z.enum(Object.keys(LEGAL_PAGES) as [LegalSlug, ...LegalSlug[]], {
      error: "A legal page is the privacy policy, the terms of service or the cookie policy.",
    }),
    /** When the text last changed, shown as "Last updated", with the SHA-256 of that text. */
    lastChanged: z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Last updated: a date as YYYY-MM-DD."),
      textSha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
    title: text("Title", 120),
    description: text("Description", 300),
    intro: text("Introduction", 1500),
    sections: z.array(legalSectionSchema),
  })
  .superRefine((document, context) => {
    const expected = LEGAL_PAGES[document.slug].sections;
    if (document.sections.length !== expected) {
      context.addIssue({ code: "custom", path: ["sections"], message: `The ${document.title} keeps its ${expected} sections.` });
    }
  });

export type LegalSection = z.infer<typeof legalSectionSchema>;
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
