import { boolean, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { capturedColumns, capturedConstraints } from "./captured";

export type SubmissionSource = "apply" | "mentoring" | "contact";

/** Apply, mentoring and contact form submissions, stored before any mail is queued. */
export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source").$type<SubmissionSource>().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The form's remaining fields (idea, why, message), as entered. */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    disclaimerAccepted: boolean("disclaimer_accepted").notNull(),
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    ...capturedColumns(),
  },
  (t) => capturedConstraints("submissions", t),
);
