import { z } from "zod";

/**
 * The rules every kind of content shares (docs/content.md): required text with a length limit and a
 * message that names the field, bounded lists, slugs and links.
 */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label}: at most ${max} characters.`);

export const list = <T extends z.ZodType>(label: string, item: T, min: number, max: number) =>
  z
    .array(item)
    .min(min, min === 1 ? `${label}: at least one.` : `${label}: at least ${min}.`)
    .max(max, `${label}: at most ${max}.`);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slug = z
  .string({ error: "Slug is required." })
  .trim()
  .min(1, "Slug is required.")
  .max(80, "Slug: at most 80 characters.")
  .regex(SLUG_PATTERN, "Slug: lower-case letters, digits and single hyphens, like ai-property-assistant.");

/** A link a button or card follows: a page of the site (`/contact`) or an https:// address. */
export const linkTarget = (label: string) =>
  text(label, 300).regex(/^(?:\/[a-z0-9\-/#?=&]*|https:\/\/\S+)$/, `${label}: a page of the site like /contact, or an https:// address.`);

/** A label and where it goes. */
export const link = (label: string) => z.object({ label: text(`${label} text`, 80), to: linkTarget(`${label} link`) });

/**
 * A picture shown as it is: one of the site's own drawings under `folder` (`/images/founders/…svg`)
 * or an upload (`/media/<id>`, docs/content.md, "Uploading an image"); pages show it through
 * `pictureSrc` (app/lib/picture-src.ts).
 */
export const pictureIn = (folder: string, label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(
      new RegExp(`^(?:/images/${folder}/[a-z0-9-]+\\.svg|/media/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`),
      `${label}: one of the site's drawings in /images/${folder}/ or an upload.`,
    );
