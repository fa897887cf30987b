import { eq, and } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/.server/db/client";
import { contentItems, contentRevisions } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { AppError } from "~/.server/errors";
import { invalidInput } from "~/.server/api";
import { CONTENT_TYPES, contentType, type ContentType } from "./content-types";
import { moveLiveVersion, type Author } from "./items.server";

/**
 * All content as one JSON file (docs/content.md, "Export and import"): the admin's Export and
 * Import, `npm run content:export` and `npm run content:import`. A studio keeps its content in git
 * this way, or moves it between instances. An import checks every item against its type's schema
 * before it changes anything, then writes all of it in one transaction: an item of the file
 * replaces the item with the same key (its draft, what is published, its status and place), a new
 * key is added, and items the file does not name are left as they are. Each imported item keeps a
 * revision, so an import can be undone item by item from the history.
 */
export const CONTENT_FILE_FORMAT = "nordlys-content";

const fileItem = z
  .object({
    key: z.string().min(1).max(100),
    position: z.number().int().min(0).max(100_000),
    status: z.enum(["draft", "published", "unpublished"]),
    scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
    draft: z.unknown(),
    published: z.unknown().nullable().default(null),
  })
  .strict();

const contentFile = z
  .object({
    format: z.literal(CONTENT_FILE_FORMAT, { error: `Not a content file: "format" must be "${CONTENT_FILE_FORMAT}".` }),
    version: z.literal(1, { error: "This content file is of a version this site cannot read." }),
    exportedAt: z.string().optional(),
    types: z.partialRecord(z.enum(Object.keys(CONTENT_TYPES) as [ContentType, ...ContentType[]]), z.array(fileItem).max(10_000)),
  })
  .strict();

export type ContentFile = z.infer<typeof contentFile>;

export async function exportContent(now = new Date()): Promise<ContentFile> {
  const types: ContentFile["types"] = {};
  for (const type of Object.keys(CONTENT_TYPES) as ContentType[]) {
    const rows = await getDb().select().from(contentItems).where(eq(contentItems.type, type)).orderBy(contentItems.position);
    types[type] = rows.map((row) => ({
      key: row.key,
      position: row.position,
      status: row.status,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      draft: row.draft,
      published: row.published,
    }));
  }
  return { format: CONTENT_FILE_FORMAT, version: 1, exportedAt: now.toISOString(), types };
}

/** Checks a whole file, naming the first item at fault (`projects[3].draft.title: …`); nothing is written. */
function checkedFile(json: unknown): ContentFile {
  const parsed = contentFile.safeParse(json);
  if (!parsed.success) throw invalidInput(parsed.error, "This is not a content file.");
  for (const [type, items] of Object.entries(parsed.data.types) as Array<[ContentType, ContentFile["types"][ContentType]]>) {
    const keys = new Set<string>();
    for (const [index, item] of (items ?? []).entries()) {
      const where = `${type}[${index}]`;
      if (keys.has(item.key)) throw new AppError("invalid", `${where}: the key ${item.key} is in the file twice.`);
      keys.add(item.key);
      for (const version of ["draft", "published"] as const) {
        if (version === "published" && item.published === null) continue;
        const fields = contentType(type).schema.safeParse(item[version]);
        if (!fields.success) {
          const issue = fields.error.issues[0]!;
          throw new AppError("invalid", `${where}.${version}.${issue.path.join(".")}: ${issue.message}`);
        }
        if (contentType(type).keyOf(fields.data) !== item.key && version === (item.published === null ? "draft" : "published")) {
          throw new AppError("invalid", `${where}: its key ${item.key} is not the slug of its ${version} fields.`);
        }
      }
      if (item.status === "published" && item.published === null)
        throw new AppError("invalid", `${where}: published, but without published fields.`);
    }
  }
  return parsed.data;
}

export async function importContent(json: unknown, author: Author): Promise<{ created: number; updated: number }> {
  const file = checkedFile(json);
  return withTransaction(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const [type, items] of Object.entries(file.types) as Array<[ContentType, ContentFile["types"][ContentType]]>) {
      for (const item of items ?? []) {
        const values = {
          position: item.position,
          status: item.published === null && item.status === "published" ? ("unpublished" as const) : item.status,
          draft: item.draft,
          published: item.published,
          scheduledAt: item.scheduledAt ? new Date(item.scheduledAt) : null,
          publishError: null,
          updatedAt: new Date(),
          updatedBy: author.name,
        };
        const [existing] = await tx.db
          .update(contentItems)
          .set(values)
          .where(and(eq(contentItems.type, type), eq(contentItems.key, item.key)))
          .returning({ id: contentItems.id });
        const id =
          existing?.id ??
          (
            await tx.db
              .insert(contentItems)
              .values({ type, key: item.key, ...values })
              .returning({ id: contentItems.id })
          )[0]!.id;
        if (existing) updated++;
        else created++;
        await tx.db
          .insert(contentRevisions)
          .values({ itemId: id, action: "import", fields: item.draft, authorId: author.id, authorName: author.name });
      }
    }
    await moveLiveVersion(tx);
    return { created, updated };
  });
}
