import { z } from "zod";
import { list, pictureIn, slug, text } from "./schema-parts";

/**
 * The founders on / and /about and the previous partners on /about (docs/content.md, "People and
 * partners"), as the editor, the content API and the first-start import check them. Both lists
 * grow and are ordered in the editor; a slug names each one in the admin.
 */
export const founderSchema = z.object({
  slug,
  name: text("Name", 80),
  role: text("Role", 120),
  bio: text("Biography", 800),
  portrait: pictureIn("founders", "Portrait"),
  /** Describes the portrait for screen readers. */
  portraitAlt: text("Portrait alt text", 300).refine(
    (alt) => alt.length > 20,
    "Portrait alt text: describe it in more than 20 characters.",
  ),
  focus: list("Focus", text("A focus", 40), 1, 5),
});

export type Founder = z.infer<typeof founderSchema>;

export const partnerSchema = z.object({
  slug,
  name: text("Name", 80),
  /** The partner's logo; its name is the alt text. */
  logo: pictureIn("partners", "Logo"),
  sector: text("Sector", 40),
});

export type Partner = z.infer<typeof partnerSchema>;
