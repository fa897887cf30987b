import { data } from "react-router";
import { logger } from "~/.server/logger";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { HeldExplainer, HeldFilter } from "~/features/admin/components/held-controls";
import { LeadCard } from "~/features/admin/components/lead-card";
import { ExportLink, RecordList, SearchForm, withParams } from "~/features/admin/components/list-controls";
import { countHeldItems } from "~/features/admin/held-items.server";
import { deleteLead, listLeads } from "~/features/admin/leads.server";
import { deleteOrReleaseFromListPage, readListPage } from "~/features/admin/list-page.server";
import { leadQuerySchema } from "~/features/admin/schema";
import { releaseHeldLead } from "~/features/chat/release-held-lead.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/leads";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta("Leads", "Leads captured by the chat assistant.", "/admin/leads");

export async function loader({ request }: Route.LoaderArgs) {
  const { query, confirmDelete } = await readListPage(request, leadQuerySchema);
  try {
    const [result, heldCounts] = await Promise.all([listLeads(query), countHeldItems()]);
    return { query, result, heldCounts, error: null, confirmDelete };
  } catch (error) {
    logger.error({ err: error }, "Admin leads: listing failed");
    return data({ query, result: null, heldCounts: undefined, error: "Failed to load leads", confirmDelete: null }, { status: 500 });
  }
}

/** `intent=release` releases a held lead (the studio is notified); otherwise the delete of the confirmation. */
export const action = (args: Route.ActionArgs) =>
  deleteOrReleaseFromListPage(args, {
    listPath: "/admin/leads",
    noun: "lead",
    deleteAction: "delete-lead",
    remove: deleteLead,
    release: { action: "release-lead", release: releaseHeldLead, mailsSent: "The studio's notification is on its way." },
  });

/** A post that fails on the way keeps the list; the page says so (AdminShell, docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { query, result, heldCounts, error, confirmDelete } = loaderData;
  const held = query.held ? "1" : undefined;
  return (
    <AdminShell
      title="Leads"
      description="People who left their details in the chat assistant, newest first."
      actions={<ExportLink href={`/api/admin/leads${withParams("", { format: "csv", q: query.q, held })}`} />}
    >
      {heldCounts ? <HeldFilter held={query.held} heldCount={heldCounts.leads} /> : null}
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
      ) : result ? (
        <RecordList
          label="Leads"
          empty={query.q ? "No leads match this search" : query.held ? "No held leads" : "No leads yet"}
          count={result.leads.length}
          page={result}
          noun="lead"
        >
          {result.leads.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} isConfirmingDelete={confirmDelete === lead.id} />
            </li>
          ))}
        </RecordList>
      ) : null}
    </AdminShell>
  );
}
