import { useLocation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ConfirmDelete, DeleteLink } from "~/features/admin/components/confirm-delete";
import { ExportLink, formatDateTime, Pagination, SearchForm, withParams } from "~/features/admin/components/list-controls";
import { deleteFromListPage } from "~/features/admin/delete-record.server";
import { parseQuery, subscriberQuerySchema, subscriberStatuses } from "~/features/admin/schema";
import { countSubscribers, deleteSubscriber, listSubscribers } from "~/features/admin/subscribers.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribers";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta({
  title: "Subscribers",
  description: "Newsletter subscribers.",
  path: "/admin/subscribers",
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseQuery(subscriberQuerySchema, url);
  const [counts, result] = await Promise.all([countSubscribers(), listSubscribers(query)]);
  return { query, counts, result, confirmDelete: url.searchParams.get("delete") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return deleteFromListPage({
    listPath: "/admin/subscribers",
    form: await request.formData(),
    admin,
    clientIp: context.get(requestInfoContext).clientIp,
    action: "delete-subscriber",
    remove: deleteSubscriber,
    noun: "subscriber",
  });
}

/** A post that fails on the way keeps the list; the page says so (AdminShell, docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

const statusLabels = { confirmed: "Confirmed", pending: "Pending", unsubscribed: "Unsubscribed", bounced: "Bounced" } as const;

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { query, counts, result, confirmDelete } = loaderData;
  const { search } = useLocation();
  return (
    <AdminShell
      title="Subscribers"
      description="Newsletter subscriptions. Only confirmed addresses receive the daily e-mail."
      actions={<ExportLink href={`/api/admin/subscribers${withParams("", { format: "csv", q: query.q, status: query.status })}`} />}
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
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="status-filter">Status</Label>
            <select
              id="status-filter"
              name="status"
              defaultValue={query.status ?? ""}
              className="h-11 rounded-[var(--radius-control)] border border-ink-300 bg-white px-3"
            >
              <option value="">All</option>
              {subscriberStatuses.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          </div>
        </SearchForm>
      </div>
      {result.subscribers.length === 0 ? (
        <p className="mt-10 text-center text-lg text-ink-600">{query.q || query.status ? "No subscribers match" : "No subscribers yet"}</p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-ink-200 rounded-[var(--radius-card)] border border-ink-200 bg-white" aria-label="Subscribers">
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
                    <DeleteLink id={subscriber.id} search={search} label={`Erase subscriber ${subscriber.email}`} />
                  </div>
                </div>
                {confirmDelete === subscriber.id ? (
                  <ConfirmDelete
                    id={subscriber.id}
                    search={search}
                    title={`Erase ${subscriber.email}?`}
                    description="This deletes the subscription for good (GDPR erasure). The address gets no more e-mail unless it subscribes again."
                  />
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination page={result.page} pageCount={result.pageCount} total={result.total} search={search} noun="subscriber" />
        </>
      )}
    </AdminShell>
  );
}
