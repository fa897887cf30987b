import { z } from "zod";
import { link, list, text } from "./schema-parts";

/**
 * One of the four offers on /services (docs/content.md, "Services"), as the editor, the content API
 * and the first-start import check it. The four are a fixed set: each keeps its address (`id`, the
 * page's anchor) and its icon; everything a reader sees is edited.
 */
export const SERVICE_IDS = ["marketing", "development", "mentoring", "partnerships"] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const serviceSchema = z.object({
  id: z.enum(SERVICE_IDS, { error: "A service is one of the site's four." }),
  name: text("Name", 80),
  summary: text("Summary", 600),
  includes: list("What is included", text("An included item", 200), 1, 8),
  /** Who it suits, in one line. */
  audience: text("Who it is for", 200),
  /** How it is priced or scoped. */
  terms: text("How it works", 200),
  cta: link("Button"),
});

export type Service = z.infer<typeof serviceSchema>;
