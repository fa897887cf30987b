import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bytea, createdAt, deletedWith, timestamptz } from "./columns";

/**
 * The studio's inbox (docs/inbox.md, decision 0180): every person who reached out, their
 * enquiries in a pipeline, the mails both ways, notes and stage changes, and the outbound
 * webhooks. Migration 0012 also installs the triggers that keep these tables true whatever
 * code path writes a lead, a submission or a subscription (see the migration's comments):
 *
 * - a lead, submission or subscription row is linked to its person (by `email_key`) on insert
 *   and on a change of address, creating the person when new;
 * - a lead or submission gets its enquiry (stage New, or Requested for mentoring), and the
 *   enquiry mirrors the row's held state;
 * - each person's `search_vector` is recomputed when anything searchable of theirs changes;
 * - the webhook events (`webhook_events`) are written in the same transaction as the change.
 */

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** The key people are matched by: an address without surrounding space, in lower case. */
export const personEmailKey = (email: string) => email.trim().toLowerCase();

export const people = pgTable(
  "people",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `lower(btrim(email))`: one person per address across chat, forms, newsletter and bookings. */
    emailKey: text("email_key").notNull(),
    /** The address as the person last wrote it. */
    email: text("email").notNull(),
    /** The latest name the person gave (forms, chat). */
    name: text("name"),
    createdAt: createdAt(),
    /** Last time they wrote to us (an enquiry, a chat, a mail): the list's default order. */
    lastActivityAt: timestamptz("last_activity_at").notNull().defaultNow(),
    /** Names, addresses, messages, chat transcripts, notes and mails ('simple' dictionary), kept by triggers. */
    searchVector: tsvector("search_vector"),
    /**
     * When `person.created` went to the webhooks: with their first enquiry that is not held, or
     * their confirmed subscription (a held bot or an unconfirmed sign-up announces nobody).
     */
    announcedAt: timestamptz("announced_at"),
  },
  (t) => [
    uniqueIndex("people_email_key_idx").on(t.emailKey),
    index("people_last_activity_idx").on(t.lastActivityAt.desc()),
    index("people_search_idx").using("gin", t.searchVector),
  ],
);

export type EnquiryKind = "lead" | "apply" | "mentoring" | "contact" | "booking";
export type EnquiryStage = "new" | "contacted" | "qualified" | "proposal" | "won" | "lost" | "requested" | "scheduled" | "done";

/** One thing a person asked us for (a chat lead, a form submission, a booking), worked through the pipeline. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: deletedWith(uuid("person_id").notNull(), () => people.id),
    kind: text("kind").$type<EnquiryKind>().notNull(),
    /** The lead's, submission's or booking's id (unique per kind). */
    sourceId: uuid("source_id").notNull(),
    stage: text("stage").$type<EnquiryStage>().notNull(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** For Won: the deal's value in minor units (cents, øre) and its ISO 4217 currency. */
    valueMinor: bigint("value_minor", { mode: "number" }),
    currency: text("currency"),
    /** Mirrors the source row's `held_at` (decision 0100): held enquiries stay out of the pipeline's counts. */
    heldAt: timestamptz("held_at"),
    createdAt: createdAt(),
    stageChangedAt: timestamptz("stage_changed_at").notNull().defaultNow(),
    /** Since when the person waits for our answer (null: we answered last). */
    waitingSince: timestamptz("waiting_since").defaultNow(),
    firstReplyAt: timestamptz("first_reply_at"),
    lastReplyAt: timestamptz("last_reply_at"),
    lastInboundAt: timestamptz("last_inbound_at"),
    /** Random token for plus-addressed replies (`studio+<token>@…`) and the thread's Message-IDs. */
    threadToken: text("thread_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    uniqueIndex("enquiries_kind_source_idx").on(t.kind, t.sourceId),
    uniqueIndex("enquiries_thread_token_idx").on(t.threadToken),
    index("enquiries_person_idx").on(t.personId),
    index("enquiries_stage_created_idx").on(t.stage, t.createdAt.desc()),
    index("enquiries_created_idx").on(t.createdAt.desc()),
    index("enquiries_waiting_idx")
      .on(t.waitingSince)
      .where(sql`${t.waitingSince} is not null`),
    index("enquiries_owner_idx").on(t.ownerId),
    // The board's columns: the enquiries (never held) that moved into a stage last, and the
    // columns' counts from the index alone (kind is its last key) (decision 0180).
    index("enquiries_board_idx")
      .on(t.stage, t.stageChangedAt.desc(), t.id.desc(), t.kind)
      .where(sql`${t.heldAt} is null`),
    // "Has an enquiry that is not held": one probe per person on the list's page (decision 0180).
    index("enquiries_open_person_idx")
      .on(t.personId)
      .where(sql`${t.heldAt} is null`),
    check(
      "enquiries_stage_check",
      sql`(${t.kind} in ('mentoring', 'booking') and ${t.stage} in ('requested', 'scheduled', 'done', 'lost'))
        or (${t.kind} not in ('mentoring', 'booking') and ${t.stage} in ('new', 'contacted', 'qualified', 'proposal', 'won', 'lost'))`,
    ),
    check(
      "enquiries_value_check",
      sql`(${t.valueMinor} is null) = (${t.currency} is null) and (${t.valueMinor} is null or ${t.valueMinor} >= 0)`,
    ),
    check("enquiries_currency_check", sql`${t.currency} is null or ${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export type InboxEventKind = "note" | "stage" | "owner" | "value";

/**
 * What admins did on a person's timeline: notes, stage, owner and value changes, each with who
 * and when. (Visits, chats, submissions, subscriptions and mails are read from their own tables.)
 */
export const inboxEvents = pgTable(
  "inbox_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    personId: deletedWith(uuid("person_id").notNull(), () => people.id),
    enquiryId: deletedWith(uuid("enquiry_id"), () => enquiries.id),
    kind: text("kind").$type<InboxEventKind>().notNull(),
    /** The admin who did it (null: the system, or an admin since deleted; `actorName` keeps the name). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    /** A note's text; for changes, a readable summary ("New → Contacted"). */
    body: text("body").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("inbox_events_person_idx").on(t.personId, t.createdAt.desc())],
);

export type MailDirection = "out" | "in";

/**
 * Mails of the inbox: replies admins sent from the site (`out`) and answers read from the
 * studio's mailbox over IMAP (`in`). An `in` mail with no person is "Unmatched": it did not
 * belong to a known thread or did not come from that thread's person.
 */
export const inboxMails = pgTable(
  "inbox_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: deletedWith(uuid("person_id"), () => people.id),
    enquiryId: uuid("enquiry_id").references(() => enquiries.id, { onDelete: "set null" }),
    direction: text("direction").$type<MailDirection>().notNull(),
    /** The Message-ID, with its angle brackets. */
    messageId: text("message_id").notNull(),
    inReplyTo: text("in_reply_to"),
    references: text("references")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** Sanitised HTML of an incoming mail (never the raw HTML). */
    html: text("html"),
    /** Why an incoming mail is an automatic one (`Auto-Submitted: auto-replied`, `Precedence: bulk`, `List-Id`); null for a person's own. */
    autoReply: text("auto_reply"),
    /** Outgoing: the admin who wrote it. */
    sentById: text("sent_by_id").references(() => users.id, { onDelete: "set null" }),
    sentByName: text("sent_by_name"),
    /** Incoming: when an admin opened it (the digest lists unread answers). */
    readAt: timestamptz("read_at"),
    /** Incoming: the mailbox and UID it was read from (an idempotent import). */
    mailbox: text("mailbox"),
    uidValidity: bigint("uid_validity", { mode: "number" }),
    uid: bigint("uid", { mode: "number" }),
    sizeBytes: integer("size_bytes"),
    createdAt: createdAt(),
  },
  (t) => [
    index("inbox_mails_person_idx").on(t.personId, t.createdAt.desc()),
    index("inbox_mails_message_id_idx").on(t.messageId),
    index("inbox_mails_unmatched_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.personId} is null`),
    uniqueIndex("inbox_mails_imap_idx").on(t.mailbox, t.uidValidity, t.uid),
    check("inbox_mails_direction_check", sql`${t.direction} in ('out', 'in')`),
  ],
);

/** Attachments of incoming mails; `content` is null when over the size cap (listed, not kept). */
export const inboxAttachments = pgTable(
  "inbox_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mailId: deletedWith(uuid("mail_id").notNull(), () => inboxMails.id),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    content: bytea("content"),
  },
  (t) => [index("inbox_attachments_mail_idx").on(t.mailId)],
);

/** Saved replies: common answers an admin starts a reply from. */
export const savedReplies = pgTable("saved_replies", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/** Where the IMAP reader is in each mailbox folder. */
export const imapState = pgTable("imap_state", {
  mailbox: text("mailbox").primaryKey(),
  uidValidity: bigint("uid_validity", { mode: "number" }).notNull(),
  lastUid: bigint("last_uid", { mode: "number" }).notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/**
 * How the mailbox reader last fared (one row, id 1; docs/inbox.md, "When the mailbox fails"):
 * the last good look, and since when it has been failing and why. Written by the instance that
 * reads the mailbox, read by the inbox page and the dashboard on every instance.
 */
export const imapReaderStatus = pgTable("imap_reader_status", {
  id: integer("id").primaryKey(),
  checkedAt: timestamptz("checked_at"),
  failingSince: timestamptz("failing_since"),
  lastError: text("last_error"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export type WebhookEventType =
  | "person.created"
  | "enquiry.created"
  | "enquiry.stage_changed"
  | "reply.received"
  | "subscriber.confirmed"
  | "booking.created"
  | "booking.cancelled"
  | "booking.rescheduled";

/**
 * Events for the outbound webhooks, written in the same transaction as the change they
 * describe (by the migration's triggers, or by the code that makes the change); a job fans
 * each one out to the endpoints subscribed to its type, then sets `fanned_out_at`.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").$type<WebhookEventType>().notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    fannedOutAt: timestamptz("fanned_out_at"),
  },
  (t) => [
    index("webhook_events_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.fannedOutAt} is null`),
  ],
);

export type WebhookFormat = "standard" | "slack";

export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secret: text("secret").notNull(),
  eventTypes: text("event_types").array().$type<WebhookEventType[]>().notNull(),
  format: text("format").$type<WebhookFormat>().notNull().default("standard"),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: createdAt(),
});

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** Also the `webhook-id` header: the same on every attempt and replay of this delivery. */
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: deletedWith(uuid("endpoint_id").notNull(), () => webhookEndpoints.id),
    eventId: uuid("event_id").references(() => webhookEvents.id, { onDelete: "set null" }),
    eventType: text("event_type").$type<WebhookEventType>().notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    lastAttemptAt: timestamptz("last_attempt_at"),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt.desc())],
);
