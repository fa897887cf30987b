import { isDeepStrictEqual } from "node:util";
import { DateTime } from "luxon";
import { getEnv } from "~/.server/env";
import { and, asc, desc, eq, isNotNull, lte, ne, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { contentItems, contentLiveVersion, contentRedirects, contentRevisions } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { AppError } from "~/.server/errors";
import { invalidInput } from "~/.server/api";
import { contentType, type ContentType } from "./content-types";
import { MEDIA_PATH, missingMedia } from "./media.server";

/**
 * The content store (docs/content.md, decision 0208): the editor's and the API's operations on
 * items. Every change keeps a revision with who made it; a change of what the public pages show
 * (publish, unpublish, order) moves `content_live_version` on, which every instance watches
 * (live.server.ts).
 */

export type Author = { id: string | null; name: string };
export type ItemStatus = "published" | "draft" | "scheduled" | "unpublished";
type ItemRow = typeof contentItems.$inferSelect;

export type ContentItem = {
  id: string;
  type: ContentType;
  key: string;
  position: number;
  status: ItemStatus;
  draft: unknown;
  published: unknown;
  /** The draft differs from what the site shows. */
  changed: boolean;
  scheduledAt: Date | null;
  publishError: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
  updatedBy: string | null;
};

export function toItem(row: ItemRow): ContentItem {
  return {
    id: row.id,
    type: row.type as ContentType,
    key: row.key,
    position: row.position,
    status: row.scheduledAt ? "scheduled" : row.status,
    draft: row.draft,
    published: row.published,
    changed: row.published === null || !isDeepStrictEqual(row.draft, row.published),
    scheduledAt: row.scheduledAt,
    publishError: row.publishError,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/** The fields as the type's schema has them, or AppError `invalid` with each field's message. */
export function parseFields(type: ContentType, fields: unknown): Record<string, unknown> {
  const result = contentType(type).schema.safeParse(fields);
  if (!result.success) throw invalidInput(result.error, `The ${contentType(type).singular} is not valid.`);
  return result.data as Record<string, unknown>;
}

/** The `/media/<id>` images the fields use must exist: AppError `invalid` on the first field that names a missing one. */
async function requireMedia(fields: Record<string, unknown>): Promise<void> {
  const used: Array<{ path: string; value: string }> = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string" && MEDIA_PATH.test(value)) used.push({ path, value });
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(fields, "");
  const missing = new Set(await missingMedia(used.map((use) => use.value)));
  const first = used.find((use) => missing.has(use.value));
  if (first)
    throw new AppError("invalid", "That image was not uploaded here.", { fields: { [first.path]: "That image was not uploaded here." } });
}

/** Only kinds the studio adds to and orders (projects) take new items and a new order. */
function requireGrowable(type: ContentType): void {
  if (!contentType(type).growable)
    throw new AppError("invalid", `The ${contentType(type).label.toLowerCase()} are a fixed set: edit them one by one.`);
}

function keyOf(type: ContentType, fields: Record<string, unknown>): string {
  return (contentType(type).keyOf as (fields: Record<string, unknown>) => string)(fields);
}

export async function listItems(type: ContentType): Promise<ContentItem[]> {
  const rows = await getDb().select().from(contentItems).where(eq(contentItems.type, type)).orderBy(asc(contentItems.position));
  return rows.map(toItem);
}

export async function getItem(type: ContentType, key: string, tx?: Transaction, lock = false): Promise<ContentItem> {
  const query = (tx?.db ?? getDb())
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.type, type), eq(contentItems.key, key)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", `There is no ${contentType(type).singular} at ${key}.`);
  return toItem(row);
}

async function keepRevision(
  tx: Transaction,
  itemId: string,
  action: typeof contentRevisions.$inferInsert.action,
  fields: unknown,
  author: Author,
) {
  await tx.db.insert(contentRevisions).values({ itemId, action, fields, authorId: author.id, authorName: author.name });
}

/** Tells every instance that the public pages' content changed (live.server.ts watches this). */
export async function moveLiveVersion(tx: Transaction): Promise<void> {
  await tx.db.execute(sql`select nextval(${sql.raw(`'${contentLiveVersion.seqName}'`)})`);
}

/** Another item of the type at this key (or drafting it) makes the key `invalid` for this one. */
async function requireFreeKey(tx: Transaction, type: ContentType, key: string, itemId: string | null): Promise<void> {
  const [taken] = await tx.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.type, type),
        itemId ? ne(contentItems.id, itemId) : undefined,
        sql`(${contentItems.key} = ${key} or ${contentItems.draft}->>'slug' = ${key})`,
      ),
    )
    .limit(1);
  if (taken)
    throw new AppError("invalid", `Slug: another ${contentType(type).singular} uses ${key}.`, {
      fields: { slug: `Another ${contentType(type).singular} uses this slug.` },
    });
}

/** Makes `draft` the item's draft in `tx`, with a revision; an item never published moves to its `key` at once. */
async function writeDraft(
  tx: Transaction,
  item: ContentItem,
  draft: Record<string, unknown>,
  key: string,
  action: "save" | "restore",
  author: Author,
): Promise<ContentItem> {
  const [row] = await tx.db
    .update(contentItems)
    .set({ draft, key: item.published === null ? key : item.key, updatedAt: new Date(), updatedBy: author.name })
    .where(eq(contentItems.id, item.id))
    .returning();
  await keepRevision(tx, item.id, action, draft, author);
  return toItem(row!);
}

/** A new item, as a draft at the end of the list (nothing public changes until it is published). */
export async function createItem(type: ContentType, fields: unknown, author: Author): Promise<ContentItem> {
  requireGrowable(type);
  const draft = parseFields(type, fields);
  await requireMedia(draft);
  const key = keyOf(type, draft);
  return withTransaction(async (tx) => {
    await requireFreeKey(tx, type, key, null);
    const [{ next } = { next: 0 }] = await tx.db
      .select({ next: sql<number>`coalesce(max(${contentItems.position}) + 1, 0)::int` })
      .from(contentItems)
      .where(eq(contentItems.type, type));
    const [row] = await tx.db
      .insert(contentItems)
      .values({ type, key, position: next, draft, status: "draft", updatedBy: author.name })
      .returning();
    await keepRevision(tx, row!.id, "create", draft, author);
    return toItem(row!);
  });
}

/**
 * Saves the draft of an item (the editor's Save and autosave, `PUT …/draft`). The public page does
 * not change. An item never published takes the draft's slug as its address at once; a published
 * one keeps its address until the draft is published. Saving what is already the draft keeps no
 * new revision.
 */
export async function saveDraft(type: ContentType, key: string, fields: unknown, author: Author): Promise<ContentItem> {
  const draft = parseFields(type, fields);
  await requireMedia(draft);
  return withTransaction(async (tx) => {
    const item = await getItem(type, key, tx, true);
    const newKey = keyOf(type, draft);
    if (newKey !== item.key) await requireFreeKey(tx, type, newKey, item.id);
    if (isDeepStrictEqual(draft, item.draft)) return item;
    return writeDraft(tx, item, draft, newKey, "save", author);
  });
}

/** The studio's date today (DIGEST_TIME_ZONE): a legal page's "Last updated" when it is published. */
function studioToday(now: Date): string {
  return DateTime.fromJSDate(now, { zone: getEnv().DIGEST_TIME_ZONE }).toISODate()!;
}

/** Makes the draft what the site shows, in `tx`: the new slug, a 301 from the old one, a revision. */
async function publishDraft(tx: Transaction, item: ContentItem, author: Author): Promise<ContentItem> {
  const before = (
    contentType(item.type) as { beforePublish?: (next: unknown, previous: unknown, today: string) => Record<string, unknown> }
  ).beforePublish;
  const parsed = parseFields(item.type, item.draft);
  const previous = item.published === null ? null : parseFields(item.type, item.published);
  const fields = before ? before(parsed, previous, studioToday(new Date())) : parsed;
  const key = keyOf(item.type, fields);
  if (key !== item.key) await requireFreeKey(tx, item.type, key, item.id);
  if (item.published !== null && key !== item.key) {
    await tx.db
      .insert(contentRedirects)
      .values({ type: item.type, fromKey: item.key, itemId: item.id })
      .onConflictDoUpdate({
        target: [contentRedirects.type, contentRedirects.fromKey],
        set: { itemId: item.id },
      });
  }
  // The item's own address is no longer a redirect to anything.
  await tx.db.delete(contentRedirects).where(and(eq(contentRedirects.type, item.type), eq(contentRedirects.fromKey, key)));
  const now = new Date();
  const [row] = await tx.db
    .update(contentItems)
    .set({
      key,
      draft: fields,
      published: fields,
      status: "published",
      scheduledAt: null,
      publishError: null,
      publishedAt: now,
      updatedAt: now,
      updatedBy: author.name,
    })
    .where(eq(contentItems.id, item.id))
    .returning();
  await keepRevision(tx, item.id, "publish", fields, author);
  await moveLiveVersion(tx);
  return toItem(row!);
}

/**
 * Publish now, or at `at` (a later moment: the item is scheduled and the content-publish job
 * publishes it then, once, whichever instance gets there first). Either way the draft is checked
 * first: a draft that could not be published is `invalid` now, not at the scheduled time.
 */
export async function publishItem(type: ContentType, key: string, author: Author, at?: Date): Promise<ContentItem> {
  return withTransaction(async (tx) => {
    const item = await getItem(type, key, tx, true);
    if (!at || at.getTime() <= Date.now()) return publishDraft(tx, item, author);
    const fields = parseFields(type, item.draft);
    const [row] = await tx.db
      .update(contentItems)
      .set({ scheduledAt: at, publishError: null, updatedAt: new Date(), updatedBy: author.name })
      .where(eq(contentItems.id, item.id))
      .returning();
    await keepRevision(tx, item.id, "schedule", fields, author);
    return toItem(row!);
  });
}

/** Takes the item off the site (its page answers 404, lists and the sitemap leave it out); the draft stays. */
export async function unpublishItem(type: ContentType, key: string, author: Author): Promise<ContentItem> {
  return withTransaction(async (tx) => {
    const item = await getItem(type, key, tx, true);
    if (!contentType(type).growable) {
      throw new AppError("conflict", `The ${contentType(type).label.toLowerCase()} stay on the site: publish a new version instead.`);
    }
    if (item.published === null && !item.scheduledAt) {
      throw new AppError("conflict", `This ${contentType(type).singular} is not on the site.`);
    }
    const [row] = await tx.db
      .update(contentItems)
      .set({
        published: null,
        status: item.publishedAt ? "unpublished" : "draft",
        scheduledAt: null,
        updatedAt: new Date(),
        updatedBy: author.name,
      })
      .where(eq(contentItems.id, item.id))
      .returning();
    await keepRevision(tx, item.id, "unpublish", item.draft, author);
    await moveLiveVersion(tx);
    return toItem(row!);
  });
}

/** Moves an item one place up or down its list (the order of the projects page and the home page). */
export async function moveItem(type: ContentType, key: string, direction: "up" | "down"): Promise<void> {
  requireGrowable(type);
  await withTransaction(async (tx) => {
    const item = await getItem(type, key, tx, true);
    const [neighbour] = await tx.db
      .select()
      .from(contentItems)
      .where(
        and(
          eq(contentItems.type, type),
          direction === "up" ? sql`${contentItems.position} < ${item.position}` : sql`${contentItems.position} > ${item.position}`,
        ),
      )
      .orderBy(direction === "up" ? desc(contentItems.position) : asc(contentItems.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    await tx.db.update(contentItems).set({ position: neighbour.position }).where(eq(contentItems.id, item.id));
    await tx.db.update(contentItems).set({ position: item.position }).where(eq(contentItems.id, neighbour.id));
    await moveLiveVersion(tx);
  });
}

export type Revision = { id: string; action: string; authorName: string; createdAt: Date; fields: unknown };

/** The item's revisions, newest first (at most `limit`). */
export async function listRevisions(type: ContentType, key: string, limit = 100): Promise<{ item: ContentItem; revisions: Revision[] }> {
  const item = await getItem(type, key);
  const revisions = await getDb()
    .select({
      id: contentRevisions.id,
      action: contentRevisions.action,
      authorName: contentRevisions.authorName,
      createdAt: contentRevisions.createdAt,
      fields: contentRevisions.fields,
    })
    .from(contentRevisions)
    .where(eq(contentRevisions.itemId, item.id))
    .orderBy(desc(contentRevisions.createdAt), desc(contentRevisions.id))
    .limit(limit);
  return { item, revisions };
}

/** Makes a revision's fields the draft again (a revision of its own); the public page waits for Publish. */
export async function restoreRevision(type: ContentType, key: string, revisionId: string, author: Author): Promise<ContentItem> {
  return withTransaction(async (tx) => {
    const item = await getItem(type, key, tx, true);
    const [revision] = await tx.db
      .select({ fields: contentRevisions.fields })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.itemId, item.id)));
    if (!revision) throw new AppError("not_found", "There is no such revision of this item.");
    const draft = parseFields(type, revision.fields);
    const newKey = keyOf(type, draft);
    if (newKey !== item.key) await requireFreeKey(tx, type, newKey, item.id);
    return writeDraft(tx, item, draft, newKey, "restore", author);
  });
}

/**
 * Publishes every item whose "Publish at" has come (the content-publish job, every few seconds on
 * each instance). Each runs in its own transaction and skips rows another instance holds, so it is
 * published once. One that fails (its slug was taken meanwhile, say) is no longer scheduled and
 * keeps the reason in `publishError`, which the admin shows until the next publish.
 */
export async function publishDueItems(now = new Date()): Promise<{ published: string[]; failed: Array<{ item: string; error: unknown }> }> {
  const due = await getDb()
    .select({ type: contentItems.type, key: contentItems.key })
    .from(contentItems)
    .where(and(isNotNull(contentItems.scheduledAt), lte(contentItems.scheduledAt, now)))
    .orderBy(asc(contentItems.scheduledAt))
    .limit(50);
  const published: string[] = [];
  const failed: Array<{ item: string; error: unknown }> = [];
  for (const { type, key } of due) {
    try {
      const done = await withTransaction(async (tx) => {
        const [row] = await tx.db
          .select()
          .from(contentItems)
          .where(
            and(
              eq(contentItems.type, type),
              eq(contentItems.key, key),
              isNotNull(contentItems.scheduledAt),
              lte(contentItems.scheduledAt, now),
            ),
          )
          .for("update", { skipLocked: true });
        if (!row) return false;
        await publishDraft(tx, toItem(row), { id: null, name: "Scheduled publishing" });
        return true;
      });
      if (done) published.push(`${type}/${key}`);
    } catch (error) {
      failed.push({ item: `${type}/${key}`, error });
      const reason = error instanceof AppError ? error.message : "The database refused the change.";
      await getDb()
        .update(contentItems)
        .set({ scheduledAt: null, publishError: reason.slice(0, 500) })
        .where(and(eq(contentItems.type, type), eq(contentItems.key, key)))
        .catch(() => undefined);
    }
  }
  return { published, failed };
}

/** Items whose scheduled publish failed, with the reason (the dashboard and the morning digest say so). */
export async function failedPublishes(): Promise<Array<{ type: string; key: string; title: string; reason: string }>> {
  const rows = await getDb()
    .select({ type: contentItems.type, key: contentItems.key, draft: contentItems.draft, reason: contentItems.publishError })
    .from(contentItems)
    .where(isNotNull(contentItems.publishError))
    .orderBy(asc(contentItems.position))
    .limit(20);
  return rows.map((row) => ({
    type: row.type,
    key: row.key,
    title: (contentType(row.type as ContentType).titleOf as (fields: unknown) => string)(row.draft),
    reason: row.reason ?? "",
  }));
}
