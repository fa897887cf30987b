import { DateTime } from "luxon";
import { data, type RouterContextProvider } from "react-router";
import { loadHomePage, type HomePageData } from "~/features/home/home-page.server";
import type { AdminUser } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { getEnv } from "~/.server/env";
import { CONTENT_TYPES, contentType, isContentType, type ContentType } from "./content-types";
import { getItem, type Author, type ContentItem } from "./items.server";
import type { MediaItem } from "./media.server";
import type { ProseMap } from "~/components/prose";
import type { PageOf } from "~/content/page-schema";
import { proseMapOf } from "./markdown.server";
import { findLiveProject, liveContent, pageIn, type Published } from "./live.server";
import { toProjectCard, type ProjectCardData } from "~/features/projects/project-card-data";

/** What the editor's pages and the content API share: who is changing, which type, when to publish. */

export function authorOf(admin: Pick<AdminUser, "id" | "name" | "email">): Author {
  return { id: admin.id, name: admin.name.trim() || admin.email };
}

/** The route's `:type`, or a 404 for a type the editor does not have. */
export function requireContentType(type: string | undefined): ContentType {
  if (!isContentType(type)) throw new AppError("not_found", "There is no such kind of content.");
  return type;
}

/** For the editor's pages: what `work` throws as "not found" becomes the page's 404. */
export async function or404<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw data(error.message, { status: 404 });
    throw error;
  }
}

/** The page's kind of content and its item, or the page's 404. */
export async function pageItem(typeParam: string | undefined, key: string): Promise<ContentItem> {
  return or404(() => getItem(requireContentType(typeParam), key));
}

/** The time zone "Publish at" is read in when the browser does not say its own: the studio's. */
export function studioTimeZone(): string {
  return getEnv().DIGEST_TIME_ZONE;
}

/**
 * "Publish at": a wall-clock time (`2026-12-01T09:00`) in `timeZone`, as an instant. It must lie
 * ahead, within a year; otherwise AppError `invalid` on `publishAt`.
 */
export function publishAtFrom(value: string, timeZone: string, now = new Date()): Date {
  const zone = DateTime.local().setZone(timeZone).isValid ? timeZone : studioTimeZone();
  const at = DateTime.fromISO(value.trim(), { zone });
  if (!value.trim() || !at.isValid) throw publishAtInvalid("Publish at: choose a date and a time.");
  return checkPublishAt(at.toJSDate(), now);
}

function publishAtInvalid(message: string): AppError {
  return new AppError("invalid", message, { fields: { publishAt: message } });
}

/** A moment to publish at: ahead of `now`, and at most a year ahead. */
export function checkPublishAt(at: Date, now = new Date()): Date {
  if (at.getTime() <= now.getTime()) throw publishAtInvalid("Publish at: choose a moment in the future, or publish now.");
  if (at.getTime() > now.getTime() + 366 * 24 * 3600_000) throw publishAtInvalid("Publish at: at most a year ahead.");
  return at;
}

/** What the editor's list and API show of an item. */
export function itemSummary(item: ContentItem) {
  const info = contentType(item.type);
  const fields = item.draft as Parameters<typeof info.titleOf>[0];
  return {
    id: item.key,
    type: item.type,
    singular: info.singular,
    editPath: `/admin/content/${item.type}/${item.key}`,
    /** The item's address on the site (whether or not it is published now). */
    sitePath: info.publicPath(item.key),
    title: info.titleOf(fields),
    status: item.status,
    changed: item.changed,
    position: item.position,
    scheduledAt: item.scheduledAt?.toISOString() ?? null,
    publishError: item.publishError,
    publishedAt: item.publishedAt?.toISOString() ?? null,
    updatedAt: item.updatedAt.toISOString(),
    updatedBy: item.updatedBy,
    publicPath: item.published !== null ? info.publicPath(item.key) : null,
  };
}

export type ItemSummary = ReturnType<typeof itemSummary>;

export type ImageChoice = { value: string; label: string };

/** The pictures a project may use: the site's project artwork, every image already used, and the uploads. */
export function projectImageChoices(items: ContentItem[], uploads: MediaItem[]): { cover: ImageChoice[]; screens: ImageChoice[] } {
  const cover = new Set<string>();
  const screens = new Set<string>();
  const add = (project: { image?: string; caseStudy?: { screens: Array<{ image: string }> } } | null) => {
    if (!project) return;
    if (project.image?.startsWith("/images/")) cover.add(project.image);
    for (const screen of project.caseStudy?.screens ?? []) if (screen.image.startsWith("/images/")) screens.add(screen.image);
  };
  for (const project of CONTENT_TYPES.projects.initial) add(project);
  for (const item of items) {
    add(item.draft as Parameters<typeof add>[0]);
    add(item.published as Parameters<typeof add>[0]);
  }
  const artwork = (paths: Set<string>) => [...paths].sort().map((value) => ({ value, label: value.split("/").at(-1)! }));
  const uploaded = uploads.map((upload) => ({
    value: upload.path,
    label: `Upload: ${upload.alt.length > 60 ? `${upload.alt.slice(0, 57)}…` : upload.alt}`,
  }));
  return { cover: [...uploaded, ...artwork(cover)], screens: [...uploaded, ...artwork(screens)] };
}

/**
 * What a draft's preview shows around it: a reference's project card (the published project it
 * names); for the services, pages, founders and partners, the published content of the page they
 * appear on with this draft in its place.
 */
export async function previewContext(item: ContentItem, context: Readonly<RouterContextProvider>): Promise<PreviewContext> {
  if (item.type === "references") {
    const project = await findLiveProject((item.draft as { projectSlug?: string }).projectSlug);
    return { project: project ? toProjectCard(project) : undefined, prose: proseMapOf(item.type, item.draft) };
  }
  if (!["services", "pages", "people", "partners"].includes(item.type)) return { prose: proseMapOf(item.type, item.draft) };
  const items = withDraft((await liveContent()).items, item);
  const isHome = item.type === "pages" && item.key === "home";
  return {
    home: isHome ? await loadHomePage(context, items) : undefined,
    prose: proseMapOf("pages", pageIn(items, "about")),
    services: items.services,
    founders: items.people,
    partners: items.partners,
    pages: { about: pageIn(items, "about"), mentoring: pageIn(items, "mentoring"), program: pageIn(items, "program") },
  };
}

export type PreviewContext = {
  /** The draft's long text, rendered (or the about page's, around a founder or a partner). */
  prose?: ProseMap;
  project?: ProjectCardData;
  /** The home page's data with the draft in it (the home page's preview is the page itself). */
  home?: HomePageData;
  services?: Published["services"];
  founders?: Published["people"];
  partners?: Published["partners"];
  pages?: { about: PageOf<"about">; mentoring: PageOf<"mentoring">; program: PageOf<"program"> };
};

/** The published content with `item`'s draft in its place (or, never published, at its position). */
function withDraft(items: Published, item: ContentItem): Published {
  const info = contentType(item.type);
  const list = [...(items[item.type] as readonly Record<string, unknown>[])];
  const at = list.findIndex((fields) => info.keyOf(fields) === item.key);
  if (at === -1) list.splice(Math.min(item.position, list.length), 0, item.draft as Record<string, unknown>);
  else list[at] = item.draft as Record<string, unknown>;
  return { ...items, [item.type]: list };
}
