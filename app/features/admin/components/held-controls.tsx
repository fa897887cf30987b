import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { HoldInfo } from "../held-items.server";
import { describeHold, holdReasonLabels } from "../hold-reasons";
import { formatDateTime, withParams } from "./list-controls";

/**
 * "Inbox" / "Held (N)": two links (no JavaScript needed) that switch a list
 * between its normal items and the ones held for review (`?held=1`).
 */
export function HeldFilter({ held, heldCount }: { held: boolean; heldCount: number }) {
  const { search } = useLocation();
  const views = [
    { label: "Inbox", isActive: !held, to: withParams(search, { held: undefined, page: undefined, delete: undefined }) },
    { label: `Held (${heldCount})`, isActive: held, to: withParams(search, { held: "1", page: undefined, delete: undefined }) },
  ];
  return (
    <nav aria-label="Inbox or held items" className="mb-6">
      <ul className="ui-tabs-list w-fit">
        {views.map((view) => (
          <li key={view.label} className="flex">
            <Link
              to={view.to}
              aria-current={view.isActive ? "page" : undefined}
              data-state={view.isActive ? "active" : "inactive"}
              className="ui-tabs-trigger"
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the held view says first: what held items are and what the admin can do with them. */
export function HeldExplainer({ noun, mails }: { noun: string; mails: string }) {
  return (
    <p className="mt-6 rounded-lg border border-ink-200 bg-white p-4 text-sm text-ink-700">
      <strong>Held {noun}s</strong> looked automated (sent faster than a person types, a hidden field filled in, or no valid form start
      time), so no mail went out. Autofill can look like this too: release a real one to deliver it as usual ({mails}), and delete the rest.
      Held {noun}s are deleted automatically after 30 days.
    </p>
  );
}

/** On a held item's card: why and since when it is held. */
export function HoldNotice({ hold }: { hold: NonNullable<HoldInfo> }) {
  return (
    <div className="mt-3 rounded-lg border border-ink-200 bg-ink-50 p-3 text-sm">
      <p className="font-semibold text-ink-900">
        Held: {holdReasonLabels[hold.reason]}{" "}
        <span className="font-normal text-ink-600">
          since <time dateTime={hold.heldAt}>{formatDateTime(hold.heldAt)}</time>
        </span>
      </p>
      <p className="mt-1 text-ink-700">{describeHold(hold.reason, hold.fillMs)}</p>
    </div>
  );
}

/** Releases a held item: a POST of the page's action (works without JavaScript). */
export function ReleaseButton({ id, label, className }: { id: string; label: string; className?: string }) {
  const { search } = useLocation();
  return (
    <Form method="post" className={cn("inline-flex", className)}>
      <input type="hidden" name="intent" value="release" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={withParams(search, { delete: undefined })} />
      <Button type="submit" size="sm" aria-label={label}>
        Release
      </Button>
    </Form>
  );
}
