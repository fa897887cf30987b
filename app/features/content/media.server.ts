import { and, desc, eq, inArray } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { getDb } from "~/.server/db/client";
import { media, mediaVariants } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { AppError } from "~/.server/errors";
import type { Author } from "./items.server";

/**
 * Images the studio uploads (docs/content.md, "Images"): JPEG, PNG, WebP or AVIF up to 15 MB, with
 * alt text. The site makes from each the files its pages use for the artwork it ships: 16:10 at
 * 640, 960 and 1280 pixels wide in AVIF and WebP, and a 1200x630 JPEG for link previews, and
 * keeps them in PostgreSQL, which every instance and the backup see. A picture is addressed as
 * `/media/<id>`, the same kind of prefix as `/images/projects/<slug>`, and served at
 * `/media/<id>-640.avif`… for a year (its files never change).
 */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** 40 megapixels: a camera's photo fits; a file that claims more (a decompression bomb) is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const WIDTHS = [640, 960, 1280] as const;
const ACCEPTED_FORMATS: Record<string, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", heif: "AVIF" };
export const MEDIA_PATH = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const invalid = (message: string, field = "file") => new AppError("invalid", message, { fields: { [field]: message } });

type Variant = { variant: string; contentType: string; data: Buffer };

/** The files the pages use, made from an upload; AppError `invalid` for anything but a readable image of ours. */
export async function imageVariants(bytes: Uint8Array): Promise<{ width: number; height: number; variants: Variant[] }> {
  if (bytes.byteLength === 0) throw invalid("Choose an image file.");
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw invalid("The image is larger than 15 MB.");
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid("This file is not an image the site can read: upload a JPEG, PNG, WebP or AVIF.");
  }
  if (meta.format === "svg") throw invalid("SVG files are not accepted (they can carry scripts): upload a PNG or WebP of the drawing.");
  // AVIF is read as HEIF; an HEIC photo from a phone is HEIF too, but not AVIF.
  const isAvifOrOther = meta.format !== "heif" || meta.compression === "av1";
  if (!ACCEPTED_FORMATS[meta.format ?? ""] || !isAvifOrOther) throw invalid("Upload a JPEG, PNG, WebP or AVIF image.");
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS)
    throw invalid(`The image has ${Math.round((width * height) / 1e6)} megapixels; at most 40 are accepted.`);
  if (width < 640 || height < 400) throw invalid("The image is smaller than 640 x 400 pixels: the pages need at least that.");
  const source = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).autoOrient();
  try {
    const variants: Variant[] = [];
    for (const target of WIDTHS) {
      const resized = source().resize({ width: target, height: Math.round((target * 10) / 16), fit: "cover" });
      variants.push({
        variant: `${target}.avif`,
        contentType: "image/avif",
        data: await resized.clone().avif({ quality: 55, effort: 4 }).toBuffer(),
      });
      variants.push({ variant: `${target}.webp`, contentType: "image/webp", data: await resized.clone().webp({ quality: 78 }).toBuffer() });
    }
    const og = await source()
      .resize({ width: 1200, height: 630, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    variants.push({ variant: "og.jpg", contentType: "image/jpeg", data: og });
    return { width, height, variants };
  } catch {
    throw invalid("This image could not be read to the end: it may be damaged. Export it again and upload that.");
  }
}

export async function uploadImage(
  input: { bytes: Uint8Array; filename: string; alt: string },
  author: Author,
): Promise<{ id: string; path: string }> {
  const alt = input.alt.trim();
  if (alt.length < 10) throw invalid("Alt text: describe what the image shows, in at least 10 characters.", "alt");
  if (alt.length > 400) throw invalid("Alt text: at most 400 characters.", "alt");
  const { width, height, variants } = await imageVariants(input.bytes);
  return withTransaction(async (tx) => {
    const [row] = await tx.db
      .insert(media)
      .values({ alt, filename: input.filename.slice(0, 200) || "image", width, height, uploadedBy: author.name })
      .returning({ id: media.id });
    await tx.db.insert(mediaVariants).values(variants.map((variant) => ({ mediaId: row!.id, ...variant })));
    return { id: row!.id, path: `/media/${row!.id}` };
  });
}

export type MediaItem = {
  id: string;
  path: string;
  alt: string;
  filename: string;
  width: number;
  height: number;
  uploadedBy: string;
  createdAt: Date;
};

export async function listMedia(limit = 200): Promise<MediaItem[]> {
  const rows = await getDb().select().from(media).orderBy(desc(media.createdAt)).limit(limit);
  return rows.map((row) => ({ ...row, path: `/media/${row.id}` }));
}

/** One file of an upload (`/media/<id>-640.avif`), or undefined. */
export async function mediaFile(file: string): Promise<{ contentType: string; data: Buffer } | undefined> {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-((?:640|960|1280)\.(?:avif|webp)|og\.jpg)$/.exec(file);
  if (!match) return undefined;
  const [row] = await getDb()
    .select({ contentType: mediaVariants.contentType, data: mediaVariants.data })
    .from(mediaVariants)
    .where(and(eq(mediaVariants.mediaId, match[1]!), eq(mediaVariants.variant, match[2]!)));
  return row;
}

/** Which of these `/media/<id>` paths name no upload (a project may only use images that exist). */
export async function missingMedia(paths: string[]): Promise<string[]> {
  const ids = [...new Set(paths.map((path) => MEDIA_PATH.exec(path)?.[1]).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return [];
  const found = new Set((await getDb().select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((row) => row.id));
  return ids.filter((id) => !found.has(id)).map((id) => `/media/${id}`);
}
