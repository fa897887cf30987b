import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ConfirmDelete, DeleteLink } from "~/features/admin/components/confirm-delete";
import { ExportLink, FilterSelect, formatDateTime, RecordList, SearchForm, withParams } from "~/features/admin/components/list-controls";
import { deleteOrReleaseFromListPage, readListPage } from "~/features/admin/list-page.server";
import { subscriberQuerySchema, subscriberStatuses } from "~/features/admin/schema";
import { countSubscribers, deleteSubscriber, listSubscribers } from "~/features/admin/subscribers.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribers";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta("Subscribers", "Newsletter subscribers.", "/admin/subscribers");

export async function loader({ request }: Route.LoaderArgs) {
  const { query, confirmDelete, personData } = await readListPage(request, subscriberQuerySchema);
  const [counts, result] = await Promise.all([countSubscribers(), listSubscribers(query)]);
  return { query, counts, result, confirmDelete, personData };
}

export const action = (args: Route.ActionArgs) =>
  deleteOrReleaseFromListPage(args, {
    listPath: "/admin/subscribers",
    noun: "subscriber",
    deleteAction: "delete-subscriber",
    remove: deleteSubscriber,
  });

/** A post that fails on the way keeps the list; the page says so (AdminShell, docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

const statusLabels = { confirmed: "Confirmed", pending: "Pending", unsubscribed: "Unsubscribed", bounced: "Bounced" } as const;

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { query, counts, result, confirmDelete, personData } = loaderData;
  return (
    <AdminShell
      title="Subscribers"
      description="Newsletter subscriptions. Only confirmed addresses receive the daily e-mail."
      // Exports and erasure of a person's data are the owner's and Sales' (docs/admin.md, "Roles").
      actions={
        personData ? (
          <ExportLink href={`/api/admin/subscribers${withParams("", { format: "csv", q: query.q, status: query.status })}`} />
        ) : null
      }
    >
      <dl className="grid gap-4 sm:grid-cols-3" aria-label="Subscriber counts">
        {subscriberStatuses.map((status) => (
          <Card key={status} className="p-5">
            <dt className="text-sm font-medium text-ink-600">{statusLabels[status]}</dt>
            <dd className="mt-1 font-display text-3xl font-semibold" data-testid={`count-${status}`}>
              {counts[status]}
            </dd>
          </Card>
        ))}
      </dl>
      <div className="mt-8">
        <SearchForm q={query.q} label="Search subscribers" placeholder="E-mail address">
          <FilterSelect
            id="status-filter"
            name="status"
            label="Status"
            value={query.status}
            anyLabel="All"
            values={subscriberStatuses}
            labels={statusLabels}
          />
        </SearchForm>
      </div>
      <RecordList
        label="Subscribers"
        className="divide-y divide-ink-200 rounded-[var(--radius-card)] border border-ink-200 bg-white"
        empty={query.q || query.status ? "No subscribers match" : "No subscribers yet"}
        count={result.subscribers.length}
        page={result}
        noun="subscriber"
      >
        {result.subscribers.map((subscriber) => (
          <li key={subscriber.id} className="p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{subscriber.email}</span>
                <Badge variant={subscriber.status === "confirmed" ? "accent" : "neutral"}>{statusLabels[subscriber.status]}</Badge>
              </div>
              <div className="flex items-center gap-3 text-sm text-ink-600">
                <span>
                  Since <time dateTime={subscriber.createdAt}>{formatDateTime(subscriber.createdAt)}</time>
                </span>
                {personData ? <DeleteLink id={subscriber.id} label={`Erase subscriber ${subscriber.email}`} /> : null}
              </div>
            </div>
            <ConfirmDelete
              open={confirmDelete === subscriber.id}
              id={subscriber.id}
              title={`Erase ${subscriber.email}?`}
              description="This deletes the subscription for good (GDPR erasure). The address gets no more e-mail unless it subscribes again."
            />
          </li>
        ))}
      </RecordList>
    </AdminShell>
  );
}
