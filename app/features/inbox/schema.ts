import { z } from "zod";
import { allStages, currencyExponent, enquiryKinds, pipelines } from "./stages";

/**
 * Forms, query strings and JSON bodies of the inbox (docs/inbox.md), one schema each for the
 * pages, their no-JavaScript forms and the JSON API.
 */

export const INBOX_PAGE_SIZE = 25;
/** The list counts people up to this many ("1,000+"): 40 pages; a search or filter narrows it. */
export const LIST_COUNT_CAP = 1000;
export const BOARD_CARDS_PER_STAGE = 20;
/** A board column counts its enquiries up to this many, then says "1,000+" (decision 0180). */
export const BOARD_COUNT_CAP = 1000;
export const NOTE_MAX_LENGTH = 5000;

const flag = z
  .string()
  .optional()
  .transform((value) => value === "1" || value === "true")
  .catch(false);

/** `kind=newsletter`: people with a newsletter subscription (no enquiry needed). */
export const listKinds = [...enquiryKinds, "newsletter"] as const;

export const inboxQuerySchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  view: z.enum(["list", "board"]).catch("list").default("list"),
  pipeline: z.enum(pipelines).catch("sales").default("sales"),
  stage: z.enum(allStages).optional().catch(undefined),
  kind: z.enum(listKinds).optional().catch(undefined),
  /** The first visit's source: its utm_source or referrer host ("google", "news.ycombinator.com"). */
  source: z.string().trim().toLowerCase().max(200).optional().catch(undefined),
  /** An admin's user id, or "none" for enquiries nobody owns. */
  owner: z.string().trim().max(100).optional().catch(undefined),
  held: flag,
  /** Only enquiries whose person has waited for our answer for more than 24 hours. */
  waiting: flag,
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

const MAX_VALUE_MINOR = 1e15;

/** "12 500,50", "12,500.50", "12500" or a JSON number: the amount in major units, or NaN. */
export function parseAmount(input: string | number): number {
  if (typeof input === "number") return input;
  let text = input.replace(/[\s\u00a0']/g, "");
  // One comma and no dot: a decimal comma ("12500,50"); otherwise commas group thousands.
  if (/^\d+,\d{1,3}$/.test(text) && !/^\d{1,3},\d{3}$/.test(text)) text = text.replace(",", ".");
  else text = text.replaceAll(",", "");
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "Give the currency as a three-letter ISO 4217 code (NOK, EUR, USD)");

const amountField = z.union([z.string().trim().max(40), z.number()]).optional();

/** A value and currency pair as minor units, with the field messages forms show. */
function refineValue(
  input: { value?: string | number | undefined; currency?: string | undefined },
  ctx: z.RefinementCtx,
  required: boolean,
): { valueMinor: number; currency: string } | null {
  const hasValue = input.value !== undefined && input.value !== "";
  // The forms prefill the currency: a currency without a value is no value at all.
  if (!hasValue) {
    if (required) ctx.addIssue({ code: "custom", path: ["value"], message: "Won needs the deal's value and currency" });
    return null;
  }
  const currency = currencyField.safeParse(input.currency ?? "");
  if (!currency.success) {
    ctx.addIssue({ code: "custom", path: ["currency"], message: currency.error.issues[0]?.message ?? "Enter the currency" });
    return null;
  }
  const amount = parseAmount(input.value!);
  const minor = Math.round(amount * 10 ** currencyExponent(currency.data));
  if (!Number.isFinite(amount) || amount < 0 || minor > MAX_VALUE_MINOR) {
    ctx.addIssue({ code: "custom", path: ["value"], message: "Enter the value as a positive number, such as 12500 or 12500.50" });
    return null;
  }
  return { valueMinor: minor, currency: currency.data };
}

const enquiryId = z.uuid({ error: "Choose an enquiry" });

/** A stage change: Won asks for the value and currency. */
export const stageChangeSchema = z
  .object({
    enquiryId,
    stage: z.enum(allStages, { error: "Choose a stage" }),
    value: amountField,
    currency: z.string().trim().max(10).optional(),
  })
  .transform((input, ctx) => {
    const value = refineValue(input, ctx, input.stage === "won");
    return { enquiryId: input.enquiryId, stage: input.stage, value };
  });

export const valueChangeSchema = z
  .object({ enquiryId, value: amountField, currency: z.string().trim().max(10).optional() })
  .transform((input, ctx) => ({ enquiryId: input.enquiryId, value: refineValue(input, ctx, true) }));

/** `ownerId` "" (or null in JSON): nobody owns it. */
export const ownerChangeSchema = z.object({
  enquiryId,
  ownerId: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((value) => value || null),
});

export const noteSchema = z.object({
  text: z
    .string({ error: "Write the note" })
    .trim()
    .min(1, "Write the note")
    .max(NOTE_MAX_LENGTH, `Keep the note under ${NOTE_MAX_LENGTH} characters`),
  enquiryId: z.uuid().optional().catch(undefined),
});

/**
 * The words of a search as a prefix tsquery for the 'simple' dictionary ("berg anna" →
 * "berg:* & anna:*"), or null when it has no word. Only letters and digits reach the query, so
 * no input can write tsquery syntax (`&`, `|`, `!`, `:`, parentheses, quotes).
 */
export function prefixTsQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => word.slice(0, 60));
  return words.length ? words.map((word) => `${word}:*`).join(" & ") : null;
}
