import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { contentItems, contentLiveVersion, contentRedirects, contentRevisions } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { registerContactDetails } from "~/.server/contact-details";
import { notifySiteContentChanged } from "~/.server/page-cache-events";
import type { LegalDocument, LegalSlug } from "~/content/legal-schema";
import type { PageKey, PageOf } from "~/content/page-schema";
import type { Project } from "~/content/project-schema";
import type { Reference, ReferenceKey } from "~/content/reference-schema";
import { CONTENT_TYPES, contentType, type ContentType, type FieldsOf } from "./content-types";
import { moveLiveVersion } from "./items.server";

/**
 * What the public pages show, as this instance knows it (docs/content.md, decision 0208): the
 * published items of every type, read once and kept in memory, so a page costs no query for its
 * content. A publish on any instance moves `content_live_version` on; each instance reads that
 * number four times a second and, when it moved, reads the content again and forgets its stored pages.
 * While the database is away the pages keep showing what was read last.
 */
export type Published = { readonly [T in ContentType]: readonly FieldsOf<T>[] };
type LiveContent = {
  version: string;
  /** Each kind's published items, in their order. */
  items: Published;
  redirects: ReadonlyMap<string, string>;
};

/** A quarter of a second: a publish shows everywhere well within a second, for one tiny query each time. */
const WATCH_INTERVAL_MS = 250;
const globalKey = Symbol.for("nordlys.live-content");
type Holder = typeof globalThis & { [globalKey]?: { current?: LiveContent; loading?: Promise<LiveContent>; timer?: NodeJS.Timeout } };
const state = ((globalThis as Holder)[globalKey] ??= {});

async function readVersion(): Promise<string> {
  const result = await getDb().execute<{ last_value: string; is_called: boolean }>(
    sql`select last_value::text, is_called from ${sql.identifier(contentLiveVersion.seqName!)}`,
  );
  const row = result.rows[0]!;
  return row.is_called ? row.last_value : "0";
}

async function readLive(): Promise<LiveContent> {
  const version = await readVersion();
  const rows = await getDb()
    .select({ type: contentItems.type, key: contentItems.key, published: contentItems.published })
    .from(contentItems)
    .where(isNotNull(contentItems.published))
    .orderBy(asc(contentItems.type), asc(contentItems.position));
  const redirects = await getDb()
    .select({ type: contentRedirects.type, fromKey: contentRedirects.fromKey, to: contentItems.key })
    .from(contentRedirects)
    .innerJoin(contentItems, and(eq(contentItems.id, contentRedirects.itemId), isNotNull(contentItems.published)));
  const items = Object.fromEntries(
    (Object.keys(CONTENT_TYPES) as ContentType[]).map((type) => [type, rows.filter((row) => row.type === type).map(inSchemaOrder)]),
  ) as unknown as Published;
  return { version, items, redirects: new Map(redirects.map((row) => [`${row.type}/${row.fromKey}`, row.to])) };
}

/**
 * An item's published fields as its schema gives them: PostgreSQL keeps JSON objects with their keys
 * in an order of its own, and a page's data should not depend on that. What the schema no longer
 * takes (an item published by an older version) is shown as it was stored.
 */
function inSchemaOrder(row: { type: string; key: string; published: unknown }): unknown {
  const parsed = contentType(row.type as ContentType).schema.safeParse(row.published);
  if (!parsed.success) logger.warn({ item: `${row.type}/${row.key}` }, "Live content: a published item does not match its schema");
  return parsed.success ? parsed.data : row.published;
}

/** The published content; read from the database the first time (a page's loader awaits it). */
export async function liveContent(): Promise<LiveContent> {
  if (state.current) return state.current;
  state.loading ??= readLive().finally(() => (state.loading = undefined));
  state.current = await state.loading;
  return state.current;
}

/**
 * What is published now, without waiting: for code that runs outside a page's loader (the chat's
 * knowledge, a mentor's profile). Before this instance has read the database (a unit test, or a
 * start whose database was away), the content the site first showed.
 */
export function publishedNow(): Published {
  return state.current?.items ?? (initialContent ??= initialPublished());
}

let initialContent: Published | undefined;
function initialPublished(): Published {
  return Object.fromEntries(Object.entries(CONTENT_TYPES).map(([type, info]) => [type, info.initial])) as unknown as Published;
}

registerContactDetails(() => pageIn(publishedNow(), "contact"));

/** The published items of a kind, in their order. */
export async function livePublished<T extends ContentType>(type: T): Promise<Published[T]> {
  return (await liveContent()).items[type];
}

/** A page's copy as published (pages are a fixed set: before the first read, its first copy). */
export async function livePage<K extends PageKey>(key: K): Promise<PageOf<K>> {
  return pageIn((await liveContent()).items, key);
}

export function pageIn<K extends PageKey>(items: Published, key: K): PageOf<K> {
  const find = (pages: Published["pages"]) => pages.find((page) => page.page === key) as PageOf<K> | undefined;
  return find(items.pages) ?? find(CONTENT_TYPES.pages.initial)!;
}

/** The projects the site shows, in their order. */
export async function liveProjects(): Promise<readonly Project[]> {
  return livePublished("projects");
}

export async function findLiveProject(slug: string | undefined): Promise<Project | undefined> {
  return (await liveProjects()).find((project) => project.slug === slug);
}

/** A legal page as published, or undefined while it is unpublished. */
export async function liveLegalDocument(slug: LegalSlug): Promise<LegalDocument | undefined> {
  return (await livePublished("legal")).find((document) => document.slug === slug);
}

/** A client reference as published, or undefined. */
export async function liveReference(key: ReferenceKey): Promise<Reference | undefined> {
  return (await livePublished("references")).find((reference) => reference.path === `/references/${key}`);
}

/** Where an item's earlier address now points (a changed slug), or undefined. */
export async function liveRedirect(type: ContentType, fromKey: string): Promise<string | undefined> {
  const to = (await liveContent()).redirects.get(`${type}/${fromKey}`);
  return to === undefined ? undefined : contentType(type).publicPath(to);
}

/** Forgets what was read (a test's fresh database). */
export function forgetLiveContent(): void {
  state.current = undefined;
}

/** Reads the content again when its version moved; tells the page cache. Answers whether it did. */
export async function refreshLiveContent(): Promise<boolean> {
  const version = await readVersion();
  if (state.current?.version === version) return false;
  state.current = await readLive();
  notifySiteContentChanged();
  return true;
}

/** Watches `content_live_version` every 250 ms until `stop` (server/app.ts, for the process's life). */
export function watchLiveContent(): () => void {
  let failures = 0;
  const tick = async () => {
    try {
      await refreshLiveContent();
      failures = 0;
    } catch (error) {
      // The pages keep what they had; one warning per outage, not one a second.
      if (failures++ === 0) logger.warn({ err: error }, "Live content: could not check for published changes");
    }
  };
  clearInterval(state.timer);
  state.timer = setInterval(() => void tick(), WATCH_INTERVAL_MS);
  state.timer.unref();
  return () => clearInterval(state.timer);
}

/**
 * The first start of a version with content in the database: every type that has no item yet gets
 * the content the site showed until then (`initial`, app/content), published, each with a first
 * revision. One instance does it while the others wait (a transaction lock); later starts find the
 * items there and change nothing, even when the studio has unpublished or renamed them since.
 */
export async function importInitialContent(): Promise<string[]> {
  return withTransaction(async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(7354002)`);
    const imported: string[] = [];
    for (const type of Object.keys(CONTENT_TYPES) as ContentType[]) {
      const info = contentType(type);
      const [existing] = await tx.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.type, type)).limit(1);
      if (existing || info.initial.length === 0) continue;
      const rows = info.initial.map((initial, position) => {
        const fields = info.schema.parse(initial);
        return {
          type,
          key: info.keyOf(fields),
          position,
          draft: fields,
          published: fields,
          status: "published" as const,
          publishedAt: new Date(),
          updatedBy: "First start",
        };
      });
      const inserted = await tx.db.insert(contentItems).values(rows).returning({ id: contentItems.id, draft: contentItems.draft });
      await tx.db
        .insert(contentRevisions)
        .values(inserted.map((row) => ({ itemId: row.id, action: "import" as const, fields: row.draft, authorName: "First start" })));
      imported.push(type);
    }
    if (imported.length > 0) await moveLiveVersion(tx);
    return imported;
  });
}
