import { data, useLocation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { logger } from "~/.server/logger";
import { requestInfoContext } from "~/.server/request-context";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { LeadCard } from "~/features/admin/components/lead-card";
import { ExportLink, Pagination, SearchForm, withParams } from "~/features/admin/components/list-controls";
import { deleteFromListPage } from "~/features/admin/delete-record.server";
import { deleteLead, listLeads } from "~/features/admin/leads.server";
import { listQuerySchema, parseQuery } from "~/features/admin/schema";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Leads", description: "Leads captured by the chat assistant.", path: "/admin/leads", publicUrl: publicUrlFrom(matches), noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseQuery(listQuerySchema, url);
  try {
    const result = await listLeads(query);
    return { admin, query, result, error: null, confirmDelete: url.searchParams.get("delete") };
  } catch (error) {
    logger.error({ err: error }, "Admin leads: listing failed");
    return data(
      { admin, query, result: null, error: "Failed to load leads", confirmDelete: null },
      { status: 500 },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  return deleteFromListPage({
    listPath: "/admin/leads",
    form,
    admin,
    clientIp: context.get(requestInfoContext).clientIp,
    action: "delete-lead",
    remove: deleteLead,
    noun: "lead",
  });
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { admin, query, result, error, confirmDelete } = loaderData;
  const { search } = useLocation();
  return (
    <AdminShell
      title="Leads"
      email={admin.email}
      description="People who left their details in the chat assistant, newest first."
      actions={<ExportLink href={`/api/admin/leads${withParams("", { format: "csv", q: query.q })}`} />}
    >
      <SearchForm q={query.q} label="Search leads" placeholder="Name, e-mail or company" />
      <p className="mt-6 rounded-lg border border-ink-200 bg-white p-4 text-sm text-ink-700">
        <strong>GDPR:</strong> leads are personal data. Use them only to answer the request they came with, export
        them only when needed, and delete a lead when the person asks to be erased or it is no longer needed.
      </p>
      {error ? (
        <div role="alert" className="mt-6 rounded-lg border border-danger-700/40 bg-danger-100 p-4">
          <p className="font-semibold text-danger-700">{error}</p>
          <p className="text-sm text-ink-800">An error occurred. Please reload the page in a moment.</p>
        </div>
      ) : result && result.leads.length === 0 ? (
        <p className="mt-10 text-center text-lg text-ink-600">{query.q ? "No leads match this search" : "No leads yet"}</p>
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
