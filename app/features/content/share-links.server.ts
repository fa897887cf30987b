import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { contentItems, contentShareLinks } from "~/.server/db/tables";
import { getAppSecret } from "~/.server/secret";
import { AppError } from "~/.server/errors";
import { getItem, toItem, type Author, type ContentItem } from "./items.server";
import type { ContentType } from "./content-types";

/**
 * Share links (docs/content.md, "Preview"): `/preview/<id>.<signature>` shows an item's draft, as
 * it is when opened, to anyone who has the link, for 7 days or until an editor revokes it. The
 * signature (HMAC of the id with the app's secret) means a link cannot be made up; the row lets it
 * expire and be revoked. At most 20 links are open per item.
 */
export const SHARE_LINK_DAYS = 7;
const MAX_OPEN_LINKS = 20;

function signature(id: string): string {
  return createHmac("sha256", getAppSecret()).update(`content-share:${id}`).digest("base64url").slice(0, 32);
}

export function sharePath(id: string): string {
  return `/preview/${id}.${signature(id)}`;
}

export type ShareLink = { id: string; path: string; createdBy: string; expiresAt: Date };

export async function openShareLinks(itemId: string, now = new Date()): Promise<ShareLink[]> {
  const rows = await getDb()
    .select()
    .from(contentShareLinks)
    .where(and(eq(contentShareLinks.itemId, itemId), isNull(contentShareLinks.revokedAt), gt(contentShareLinks.expiresAt, now)))
    .orderBy(desc(contentShareLinks.createdAt));
  return rows.map((row) => ({ id: row.id, path: sharePath(row.id), createdBy: row.createdBy, expiresAt: row.expiresAt }));
}

export async function createShareLink(type: ContentType, key: string, author: Author, now = new Date()): Promise<ShareLink> {
  const item = await getItem(type, key);
  if ((await openShareLinks(item.id, now)).length >= MAX_OPEN_LINKS) {
    throw new AppError(
      "conflict",
      `This ${type === "projects" ? "project" : "item"} has ${MAX_OPEN_LINKS} open share links: revoke one first.`,
    );
  }
  const expiresAt = new Date(now.getTime() + SHARE_LINK_DAYS * 24 * 3600_000);
  const [row] = await getDb().insert(contentShareLinks).values({ itemId: item.id, createdBy: author.name, expiresAt }).returning();
  return { id: row!.id, path: sharePath(row!.id), createdBy: row!.createdBy, expiresAt };
}

export async function revokeShareLink(type: ContentType, key: string, linkId: string): Promise<void> {
  const item = await getItem(type, key);
  if (!/^[0-9a-f-]{36}$/.test(linkId)) throw new AppError("not_found", "There is no such share link.");
  const revoked = await getDb()
    .update(contentShareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(contentShareLinks.id, linkId), eq(contentShareLinks.itemId, item.id), isNull(contentShareLinks.revokedAt)))
    .returning({ id: contentShareLinks.id });
  if (revoked.length === 0) throw new AppError("not_found", "There is no such share link.");
}

/** The item a share link shows, or undefined for a made-up, expired or revoked link. */
export async function sharedItem(token: string, now = new Date()): Promise<ContentItem | undefined> {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const expected = Buffer.from(signature(match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [row] = await getDb()
    .select({ item: contentItems })
    .from(contentShareLinks)
    .innerJoin(contentItems, eq(contentItems.id, contentShareLinks.itemId))
    .where(and(eq(contentShareLinks.id, match[1]!), isNull(contentShareLinks.revokedAt), gt(contentShareLinks.expiresAt, now)));
  return row ? toItem(row.item) : undefined;
}
