import { enquiries, users } from "~/.server/db/tables";
import { majorUnits } from "~/lib/money";

/**
 * The enquiry columns of the leads' and submissions' CSV exports (docs/admin.md, "Pages"): the
 * stage (its key: new, contacted, …, requested for mentoring), the owner's name, and the value
 * in major units with its ISO 4217 currency. Select `enquiryCsvFields` with a left join of the
 * row's enquiry and its owner.
 */
export const enquiryCsvFields = {
  stage: enquiries.stage,
  ownerName: users.name,
  valueMinor: enquiries.valueMinor,
  currency: enquiries.currency,
};

export const enquiryCsvColumns = [
  { key: "stage", header: "stage" },
  { key: "owner", header: "owner" },
  { key: "value", header: "value" },
  { key: "currency", header: "currency" },
] as const;

export function enquiryCsvValues(row: {
  stage: string | null;
  ownerName: string | null;
  valueMinor: number | null;
  currency: string | null;
}) {
  return {
    stage: row.stage,
    owner: row.ownerName,
    value: row.valueMinor !== null && row.currency ? majorUnits(row.valueMinor, row.currency) : null,
    currency: row.currency,
  };
}
