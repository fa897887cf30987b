/**
 * The invisible traps of the public forms (apply, mentoring, contact and the
 * chat's intro form), shared by the browser and the server. The check itself,
 * with the signed start time, is app/.server/form-traps.ts; what happens to a
 * submission that trips one is in docs/decisions/0100-hold-what-looks-automated.md.
 */

/** A text field people never see; form-filling bots (and some autofill tools) fill it in. */
export const HONEYPOT_FIELD = "website";
/** The signed time the form was shown, sent back with the form. */
export const STARTED_AT_FIELD = "formStartedAt";

/**
 * Why a submission was held for review instead of being delivered:
 * - `honeypot`: the hidden field was filled in;
 * - `too-fast`: sent back sooner after the form was shown than a person types
 *   (the common autofill case, so never a reason to drop it);
 * - `missing-token`: sent without the start time (not from our page or widget);
 * - `bad-token`: a start time this site did not sign (forged, or signed with an
 *   earlier APP_SECRET);
 * - `expired-token`: a start time older than a form stays open (12 hours);
 * - `reused-token`: a start time that already came with another submission
 *   (a form's start time counts once; the chat's counts for its one conversation).
 */
export const holdReasons = ["honeypot", "too-fast", "missing-token", "bad-token", "expired-token", "reused-token"] as const;
export type HoldReason = (typeof holdReasons)[number];
