import { data, useLocation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { logger } from "~/.server/logger";
import { requestInfoContext } from "~/.server/request-context";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { HeldExplainer, HeldFilter } from "~/features/admin/components/held-controls";
import { LeadCard } from "~/features/admin/components/lead-card";
import { ExportLink, Pagination, SearchForm, withParams } from "~/features/admin/components/list-controls";
import { deleteFromListPage } from "~/features/admin/delete-record.server";
import { countHeldItems } from "~/features/admin/held-items.server";
import { deleteLead, listLeads } from "~/features/admin/leads.server";
import { releaseFromListPage } from "~/features/admin/release-record.server";
import { leadQuerySchema, parseQuery } from "~/features/admin/schema";
import { releaseHeldLead } from "~/features/chat/release-held-lead.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/leads";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta({
  title: "Leads",
  description: "Leads captured by the chat assistant.",
  path: "/admin/leads",
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseQuery(leadQuerySchema, url);
  try {
    const [result, heldCounts] = await Promise.all([listLeads(query), countHeldItems()]);
    return { query, result, heldCounts, error: null, confirmDelete: url.searchParams.get("delete") };
  } catch (error) {
    logger.error({ err: error }, "Admin leads: listing failed");
    return data({ query, result: null, heldCounts: undefined, error: "Failed to load leads", confirmDelete: null }, { status: 500 });
  }
}

/** `intent=release` releases a held lead (the studio is notified); otherwise the delete of the confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const common = { listPath: "/admin/leads", form, admin, clientIp: context.get(requestInfoContext).clientIp, noun: "lead" };
  if (form.get("intent") === "release") {
    return releaseFromListPage({
      ...common,
      action: "release-lead",
      release: releaseHeldLead,
      mailsSent: "The studio's notification is on its way.",
    });
  }
  return deleteFromListPage({ ...common, action: "delete-lead", remove: deleteLead });
}

/** A post that fails on the way keeps the list; the page says so (AdminShell, docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { query, result, heldCounts, error, confirmDelete } = loaderData;
  const { search } = useLocation();
  const held = query.held ? "1" : undefined;
  return (
    <AdminShell
      title="Leads"
      description="People who left their details in the chat assistant, newest first."
      actions={<ExportLink href={`/api/admin/leads${withParams("", { format: "csv", q: query.q, held })}`} />}
    >
      {heldCounts ? <HeldFilter held={query.held} heldCount={heldCounts.leads} search={search} /> : null}
      <SearchForm q={query.q} label="Search leads" placeholder="Name, e-mail or company">
        {held ? <input type="hidden" name="held" value={held} /> : null}
      </SearchForm>
      {query.held ? <HeldExplainer noun="lead" mails="the studio's notification" /> : null}
      <p className="mt-6 rounded-lg border border-ink-200 bg-white p-4 text-sm text-ink-700">
        <strong>GDPR:</strong> leads are personal data. Use them only to answer the request they came with, export them only when needed,
        and delete a lead when the person asks to be erased or it is no longer needed.
      </p>
      {error ? (
        <div role="alert" className="mt-6 rounded-lg border border-danger-700/40 bg-danger-100 p-4">
          <p className="font-semibold text-danger-700">{error}</p>
          <p className="text-sm text-ink-800">An error occurred. Please reload the page in a moment.</p>
        </div>
      ) : result && result.leads.length === 0 ? (
        <p className="mt-10 text-center text-lg text-ink-600">
          {query.q ? "No leads match this search" : query.held ? "No held leads" : "No leads yet"}
        </p>
      ) : result ? (
        <>
          <ul className="mt-6 grid gap-4" aria-label="Leads">
            {result.leads.map((lead) => (
              <li key={lead.id}>
                <LeadCard lead={lead} search={search} isConfirmingDelete={confirmDelete === lead.id} />
              </li>
            ))}
          </ul>
          <Pagination page={result.page} pageCount={result.pageCount} total={result.total} search={search} noun="lead" />
        </>
      ) : null}
    </AdminShell>
  );
}
