import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bytea, createdAt, deletedWith, timestamptz } from "./columns";

/**
 * The site's editable content (docs/content.md, decision 0208): one row per item of a content type
 * (a project, say). `draft` is the working copy the editor saves; `published` is what the public
 * pages show (null while the item is not live). `key` is the item's address (a project's slug): the
 * live one once published, the draft's before.
 */
export const contentItems = pgTable(
  "content_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    key: text("key").notNull(),
    position: integer("position").notNull(),
    draft: jsonb("draft").notNull(),
    published: jsonb("published"),
    /** `draft`: never published; `published`: live; `unpublished`: taken off the site. */
    status: text("status", { enum: ["draft", "published", "unpublished"] }).notNull(),
    /** A "Publish at" still to run (the content-publish job). */
    scheduledAt: timestamptz("scheduled_at"),
    /** Why the last "Publish at" failed (cleared by the next publish or schedule): shown in the admin. */
    publishError: text("publish_error"),
    publishedAt: timestamptz("published_at"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("content_items_type_key").on(t.type, t.key), index("content_items_type_position").on(t.type, t.position)],
);

/** Every save, publish, unpublish and restore of an item, with who did it and the fields it left. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: deletedWith(uuid("item_id").notNull(), () => contentItems.id),
    action: text("action", { enum: ["import", "create", "save", "publish", "unpublish", "restore", "schedule"] }).notNull(),
    fields: jsonb("fields").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept when the author's account is removed; "first start" for the import. */
    authorName: text("author_name").notNull(),
    createdAt: timestamptz("created_at")
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("content_revisions_item_created").on(t.itemId, t.createdAt.desc())],
);

/** A published item's earlier addresses (a changed slug): the old address answers 301 to the item. */
export const contentRedirects = pgTable(
  "content_redirects",
  {
    type: text("type").notNull(),
    fromKey: text("from_key").notNull(),
    itemId: deletedWith(uuid("item_id").notNull(), () => contentItems.id),
  },
  (t) => [primaryKey({ columns: [t.type, t.fromKey] })],
);

/** Moves on with every change of what the public pages show; every instance watches it (live content). */
export const contentLiveVersion = pgSequence("content_live_version");

/**
 * An image the studio uploaded (docs/content.md, "Images"): its alt text and size. Its files (the
 * widths the pages use, in AVIF and WebP, and the Open Graph JPEG) are in `media_variants`, in the
 * database every instance and the backup see.
 */
export const media = pgTable("media", {
  id: uuid("id").primaryKey().defaultRandom(),
  alt: text("alt").notNull(),
  filename: text("filename").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedBy: text("uploaded_by").notNull(),
  createdAt: createdAt(),
});

export const mediaVariants = pgTable(
  "media_variants",
  {
    mediaId: deletedWith(uuid("media_id").notNull(), () => media.id),
    /** `640.avif`, `1280.webp`, `og.jpg`… */
    variant: text("variant").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.variant] })],
);

/**
 * A link that shows an item's draft to someone without an account (a client), for 7 days or until
 * revoked. The link carries the row's id and a signature made with the app's secret.
 */
export const contentShareLinks = pgTable(
  "content_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: deletedWith(uuid("item_id").notNull(), () => contentItems.id),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("content_share_links_item").on(t.itemId)],
);
