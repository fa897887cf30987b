/**
 * The inbox's pipelines (docs/inbox.md, "Stages"): the stages an enquiry moves through, in board
 * order, with their labels. Client-safe: the pages, the board and the server's checks read the
 * same lists. The database's CHECK constraint (migration 0012) holds the same sets.
 */

export const salesStages = ["new", "contacted", "qualified", "proposal", "won", "lost"] as const;
export const mentoringStages = ["requested", "scheduled", "done", "lost"] as const;
export const allStages = ["new", "contacted", "qualified", "proposal", "won", "lost", "requested", "scheduled", "done"] as const;

export type Stage = (typeof allStages)[number];

export const enquiryKinds = ["lead", "apply", "contact", "mentoring", "booking"] as const;
export type Kind = (typeof enquiryKinds)[number];

/** The two boards: sales (chat leads, apply and contact forms) and mentoring (requests and bookings). */
export const pipelines = ["sales", "mentoring"] as const;
export type Pipeline = (typeof pipelines)[number];

export const stageLabels: Record<Stage, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  proposal: "Proposal",
  won: "Won",
  lost: "Lost",
  requested: "Requested",
  scheduled: "Scheduled",
  done: "Done",
};

export const kindLabels: Record<Kind, string> = {
  lead: "Chat lead",
  apply: "Application",
  contact: "Contact form",
  mentoring: "Mentoring",
  booking: "Booking",
};

export const pipelineLabels: Record<Pipeline, string> = { sales: "Sales", mentoring: "Mentoring" };

export function pipelineOf(kind: Kind): Pipeline {
  return kind === "mentoring" || kind === "booking" ? "mentoring" : "sales";
}

export const pipelineKinds: Record<Pipeline, readonly Kind[]> = {
  sales: ["lead", "apply", "contact"],
  mentoring: ["mentoring", "booking"],
};

/** The stages an enquiry of this kind may be in, in board order. */
export function stagesFor(kind: Kind | Pipeline): readonly Stage[] {
  const pipeline = kind === "sales" || kind === "mentoring" ? kind : pipelineOf(kind);
  return pipeline === "mentoring" ? mentoringStages : salesStages;
}

export function isStageOf(kind: Kind, stage: string): stage is Stage {
  return (stagesFor(kind) as readonly string[]).includes(stage);
}

/** Digits after the decimal point of an ISO 4217 currency (2 for EUR and NOK, 0 for JPY, 3 for KWD). */
export function currencyExponent(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A value in minor units as people read it: "NOK 12,500.00". */
export function formatValue(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  try {
    return new Intl.NumberFormat("en-GB", { style: "currency", currency, currencyDisplay: "code" })
      .format(minor / 10 ** exponent)
      .replace(/\s/g, " ");
  } catch {
    return `${currency} ${(minor / 10 ** exponent).toFixed(exponent)}`;
  }
}

/** A value in minor units as the value field shows it again: "12500.50". */
export function valueInputText(minor: number | null, currency: string | null): string {
  if (minor === null || !currency) return "";
  const exponent = currencyExponent(currency);
  return (minor / 10 ** exponent).toFixed(exponent);
}
