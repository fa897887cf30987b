import type { HoldReason } from "~/lib/form-traps";

/** Seconds with one decimal: "0.4 s". */
function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString("en-GB", { maximumFractionDigits: 1 })} s`;
}

/**
 * Why an item was held, in words an admin can judge it by (docs/admin.md,
 * "Held items"). Autofill trips "too fast" and, now and then, the hidden field;
 * scripts tend to post within milliseconds, or without the start time.
 */
export function describeHold(reason: HoldReason, fillMs: number | null): string {
  const filledIn = fillMs === null ? "" : ` Sent ${seconds(fillMs)} after the form was shown.`;
  switch (reason) {
    case "honeypot":
      return `The hidden "website" field was filled in: bots do this, and so do some autofill tools.${filledIn}`;
    case "too-fast":
      return fillMs === null
        ? "Sent faster than a person types: a script, or autofill."
        : `Sent ${seconds(fillMs)} after the form was shown, faster than a person types: a script, or autofill.`;
    case "missing-token":
      return "Sent without the form's start time: not through the site's own form or chat widget.";
    case "bad-token":
      return "The form's start time was not signed by this site: forged, or signed before APP_SECRET changed.";
    case "expired-token":
      return "The form's start time is more than 12 hours old: a script replaying an old form, or a page left open overnight.";
    case "reused-token":
      return `The form's start time already came with another submission: a script replaying one form, or a form sent twice.${filledIn}`;
  }
}

/** A short label for badges and exports. */
export const holdReasonLabels: Record<HoldReason, string> = {
  honeypot: "Hidden field filled",
  "too-fast": "Sent too fast",
  "missing-token": "No start time",
  "bad-token": "Invalid start time",
  "expired-token": "Expired start time",
  "reused-token": "Reused start time",
};
