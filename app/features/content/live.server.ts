import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { contentItems, contentLiveVersion, contentRedirects, contentRevisions } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { notifySiteContentChanged } from "~/.server/page-cache-events";
import type { LegalDocument, LegalSlug } from "~/content/legal-schema";
import type { Project } from "~/content/project-schema";
import type { Reference, ReferenceKey } from "~/content/reference-schema";
import { CONTENT_TYPES, contentType, type ContentType } from "./content-types";
import { moveLiveVersion } from "./items.server";

/**
 * What the public pages show, as this instance knows it (docs/content.md, decision 0208): the
 * published items of every type, read once and kept in memory, so a page costs no query for its
 * content. A publish on any instance moves `content_live_version` on; each instance reads that
 * number four times a second and, when it moved, reads the content again and forgets its stored pages.
 * While the database is away the pages keep showing what was read last.
 */
type LiveContent = {
  version: string;
  projects: readonly Project[];
  legal: ReadonlyMap<string, LegalDocument>;
  references: ReadonlyMap<string, Reference>;
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
  return {
    version,
    projects: rows.filter((row) => row.type === "projects").map((row) => row.published as Project),
    legal: new Map(rows.filter((row) => row.type === "legal").map((row) => [row.key, row.published as LegalDocument])),
    references: new Map(rows.filter((row) => row.type === "references").map((row) => [row.key, row.published as Reference])),
    redirects: new Map(redirects.map((row) => [`${row.type}/${row.fromKey}`, row.to])),
  };
}

/** The published content; read from the database the first time (a page's loader awaits it). */
export async function liveContent(): Promise<LiveContent> {
  if (state.current) return state.current;
  state.loading ??= readLive().finally(() => (state.loading = undefined));
  state.current = await state.loading;
  return state.current;
}

/** The projects the site shows, in their order. */
export async function liveProjects(): Promise<readonly Project[]> {
  return (await liveContent()).projects;
}

export async function findLiveProject(slug: string | undefined): Promise<Project | undefined> {
  return (await liveProjects()).find((project) => project.slug === slug);
}

/** A legal page as published, or undefined while it is unpublished. */
export async function liveLegalDocument(slug: LegalSlug): Promise<LegalDocument | undefined> {
  return (await liveContent()).legal.get(slug);
}

/** A client reference as published, or undefined. */
export async function liveReference(key: ReferenceKey): Promise<Reference | undefined> {
  return (await liveContent()).references.get(key);
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
