import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/features/admin/components/list-controls";
import type { PersonRow } from "../list-people.server";
import { formatValue, kindLabels, stageLabels } from "../stages";

const DAY_MS = 24 * 3600 * 1000;

/** How long someone has waited for our answer, when it is over a day ("waiting 3 days"). */
export function waitingText(waitingSince: string | null, now = Date.now()): string | null {
  if (!waitingSince) return null;
  const days = Math.floor((now - new Date(waitingSince).getTime()) / DAY_MS);
  return days >= 1 ? `Waiting ${days} day${days === 1 ? "" : "s"}` : null;
}

/** The list view (docs/inbox.md, "List"): one row per person, their enquiries' kind, stage, owner and value. */
export function PeopleList({ people }: { people: PersonRow[] }) {
  return (
    <ul className="grid gap-3" aria-label="People">
      {people.map((person) => (
        <li key={person.id} className="rounded-lg border border-ink-200 bg-white p-4" data-testid="person-row">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">
              <Link to={`/admin/inbox/people/${person.id}`} className="underline-offset-2 hover:underline">
                {person.name || person.email}
              </Link>
            </h2>
            <p className="text-sm text-ink-600">Last activity {formatDateTime(person.lastActivityAt)}</p>
          </div>
          {person.name ? <p className="text-sm text-ink-700">{person.email}</p> : null}
          {person.enquiries.length ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Enquiries of ${person.name || person.email}`}>
              {person.enquiries.map((enquiry) => {
                const waiting = waitingText(enquiry.waitingSince);
                return (
                  <li key={enquiry.id} className="flex flex-wrap items-center gap-1.5 rounded-md bg-ink-50 px-2 py-1 text-sm">
                    <span>{kindLabels[enquiry.kind]}:</span>
                    <Badge variant={enquiry.stage === "won" ? "accent" : "neutral"}>{stageLabels[enquiry.stage]}</Badge>
                    {enquiry.heldAt ? <Badge variant="violet">Held</Badge> : null}
                    {enquiry.valueMinor !== null && enquiry.currency ? (
                      <span>{formatValue(enquiry.valueMinor, enquiry.currency)}</span>
                    ) : null}
                    {enquiry.ownerName ? <span className="text-ink-600">· {enquiry.ownerName}</span> : null}
                    {enquiry.source ? <span className="text-ink-600">· from {enquiry.source}</span> : null}
                    {waiting ? <span className="font-medium text-danger-700">· {waiting}</span> : null}
                    {enquiry.replyFailed ? <span className="font-medium text-danger-700">· our reply failed</span> : null}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-ink-600">Newsletter only</p>
          )}
        </li>
      ))}
    </ul>
  );
}
