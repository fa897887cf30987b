import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, deletedWith, timestamptz, updatedAt } from "./columns";
import { people } from "./inbox";
import type { HoldReason } from "../../../lib/form-traps";

/** A mentor's video setting: a Jitsi Meet room per booking (default), or their own fixed meeting URL. */
export type MentorVideoSetting = { kind: "jitsi" } | { kind: "fixed"; url: string };
export type MentorHours = { start: string; end: string };

/**
 * The admins who take mentoring bookings, with their availability (docs/mentoring.md). No row,
 * or no weekly hours: the admin is not bookable, and with no bookable mentor /mentoring shows the
 * request form only.
 */
export const mentoringMentors = pgTable(
  "mentoring_mentors",
  {
    userId: deletedWith(text("user_id").primaryKey(), () => users.id),
    /** The founder profile shown publicly (app/content/studio.ts, by name). */
    profileName: text("profile_name").notNull(),
    timeZone: text("time_zone").notNull().default("Europe/Oslo"),
    weekly: jsonb("weekly").$type<{ day: 1 | 2 | 3 | 4 | 5 | 6 | 7; start: string; end: string }[]>().notNull().default([]),
    overrides: jsonb("overrides").$type<{ date: string; hours: MentorHours[] }[]>().notNull().default([]),
    sessionMinutes: jsonb("session_minutes").$type<number[]>().notNull().default([30, 60]),
    bufferMinutes: integer("buffer_minutes").notNull().default(15),
    minNoticeHours: integer("min_notice_hours").notNull().default(24),
    horizonDays: integer("horizon_days").notNull().default(60),
    video: jsonb("video").$type<MentorVideoSetting>().notNull().default({ kind: "jitsi" }),
    /** Off: kept, but no new bookings (holidays without deleting the hours). */
    active: boolean("active").notNull().default(true),
    /** The mentor's own CalDAV calendar (optional); the app password is encrypted with the app secret. */
    caldavUrl: text("caldav_url"),
    caldavUsername: text("caldav_username"),
    caldavPasswordSealed: text("caldav_password_sealed"),
    /** The calendar's busy times as last read, and when: read again when older than 5 minutes. */
    caldavBusy: jsonb("caldav_busy").$type<{ start: string; end: string }[]>(),
    caldavReadAt: timestamptz("caldav_read_at"),
    caldavError: text("caldav_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt().defaultNow(),
  },
  (t) => [
    check("mentoring_mentors_buffer_check", sql`${t.bufferMinutes} between 0 and 240`),
    check("mentoring_mentors_notice_check", sql`${t.minNoticeHours} between 0 and 720`),
    check("mentoring_mentors_horizon_check", sql`${t.horizonDays} between 1 and 365`),
  ],
);

/**
 * unconfirmed: holds its time until `confirm_by` while the learner confirms their address by the
 * link in their mail; lapsed: not confirmed in time, the time is free again; pending: a
 * scholarship request waiting for a mentor's approval (keeps its slot); confirmed: invites sent;
 * held: looked automated, stored without mail and without its slot until an admin decides
 * (docs/mentoring.md); cancelled; done and no_show: marked by the mentor.
 */
export type MentoringBookingStatus = "unconfirmed" | "lapsed" | "pending" | "confirmed" | "held" | "cancelled" | "done" | "no_show";

/** The bookings the learner confirmed: the mentor hears of these, and only these. */
export const CONFIRMED_STATUSES = ["pending", "confirmed", "done", "no_show"] as const;

/**
 * The statuses that occupy the mentor's time: the exclusion constraint looks only at these. An
 * unconfirmed hold past its `confirm_by` still counts until it is marked lapsed, which the next
 * change of the mentor's times (lockMentorTimes) and a job each minute do.
 */
export const OCCUPYING_STATUSES = ["unconfirmed", ...CONFIRMED_STATUSES] as const;

/**
 * One booked session. One booking per slot is the database's rule, not the code's: the
 * migration adds `mentoring_bookings_no_overlap`, an exclusion constraint (btree_gist) on the
 * mentor and `tstzrange(starts_at, occupied_until)` over the occupying statuses, so of any
 * number of concurrent requests for one time exactly one commits.
 */
export const mentoringBookings = pgTable(
  "mentoring_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    /** The end plus the mentor's buffer at booking time: what the constraint keeps apart. */
    occupiedUntil: timestamptz("occupied_until").notNull(),
    status: text("status").$type<MentoringBookingStatus>().notNull(),
    /** `name` and `email` are the column names the inbox's person trigger reads (docs/inbox.md). */
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The address as the per-learner limit counts it: lower case, without a `+tag`; kept by the database. */
    emailKey: text("email_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(email, '[+][^@]*@', '@'))`),
    /** An unconfirmed hold lapses at this time (null once confirmed). */
    confirmBy: timestamptz("confirm_by"),
    /** The learner's IANA time zone, for their mails. */
    timeZone: text("time_zone").notNull(),
    goals: text("goals").notNull(),
    disclaimerAccepted: boolean("disclaimer_accepted").notNull(),
    /** Set when the learner asked for a scholarship: the booking waits for approval. */
    scholarshipReason: text("scholarship_reason"),
    videoUrl: text("video_url").notNull(),
    /** Calendar UID of the session's event; SEQUENCE grows with every update sent. */
    uid: text("uid").notNull(),
    sequence: integer("sequence").notNull().default(0),
    personId: deletedWith(uuid("person_id"), () => people.id),
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    holdReason: text("hold_reason").$type<HoldReason>(),
    fillMs: integer("fill_ms"),
    reminder24hSentAt: timestamptz("reminder_24h_sent_at"),
    reminder1hSentAt: timestamptz("reminder_1h_sent_at"),
    followUpSentAt: timestamptz("follow_up_sent_at"),
    /** Written to the mentor's CalDAV calendar (null: not connected, or not yet). */
    calendarSyncedAt: timestamptz("calendar_synced_at"),
    cancelledAt: timestamptz("cancelled_at"),
    cancelledBy: text("cancelled_by").$type<"learner" | "mentor">(),
    createdAt: createdAt(),
    updatedAt: updatedAt().defaultNow(),
  },
  (t) => [
    uniqueIndex("mentoring_bookings_uid_idx").on(t.uid),
    index("mentoring_bookings_mentor_start_idx").on(t.mentorId, t.startsAt),
    index("mentoring_bookings_status_start_idx").on(t.status, t.startsAt),
    index("mentoring_bookings_person_idx").on(t.personId),
    index("mentoring_bookings_email_key_idx").on(t.emailKey, t.mentorId, t.startsAt),
    check("mentoring_bookings_person_check", sql`${t.personId} is not null`),
    check(
      "mentoring_bookings_status_check",
      sql`${t.status} in ('unconfirmed', 'lapsed', 'pending', 'confirmed', 'held', 'cancelled', 'done', 'no_show')`,
    ),
    check("mentoring_bookings_confirm_by_check", sql`${t.status} <> 'unconfirmed' or ${t.confirmBy} is not null`),
    check("mentoring_bookings_time_check", sql`${t.startsAt} < ${t.endsAt} and ${t.endsAt} <= ${t.occupiedUntil}`),
    check("mentoring_bookings_hold_check", sql`(${t.status} = 'held') = (${t.holdReason} is not null)`),
  ],
);
