import { z } from "zod";
import { MAX_REPLY_CHARS, MAX_SUBJECT_CHARS } from "./reply-text";

/** Text that must be given (`missing` when absent or blank) and at most `max` characters long. */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: tooLong });

/** The reply form of the compose page and the body of POST /api/admin/people/:id/reply (docs/inbox.md). */
export const replyTextSchema = requiredText(
  "Write your reply.",
  MAX_REPLY_CHARS,
  `Keep the reply under ${MAX_REPLY_CHARS.toLocaleString("en")} characters.`,
);

export const replySubjectSchema = z
  .string()
  .trim()
  .max(MAX_SUBJECT_CHARS, { error: `Keep the subject under ${MAX_SUBJECT_CHARS} characters.` })
  .optional();

export const replyApiSchema = z.object({
  enquiryId: z.uuid({ error: "Give enquiryId: the id of one of this person's enquiries." }),
  text: replyTextSchema,
  subject: replySubjectSchema,
});

/** What the admin pages say for each outcome of a reply. */
export const REPLY_MESSAGES = {
  notFound: "This person has no such enquiry.",
  held: "This enquiry is held for review: release it before replying.",
} as const;
