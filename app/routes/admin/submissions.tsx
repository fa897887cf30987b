import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ConfirmDelete, DeleteLink } from "~/features/admin/components/confirm-delete";
import { HeldExplainer, HeldFilter, HoldNotice, ReleaseButton } from "~/features/admin/components/held-controls";
import { ExportLink, FilterSelect, RecordList, SearchForm, withParams } from "~/features/admin/components/list-controls";
import { countHeldItems } from "~/features/admin/held-items.server";
import { deleteOrReleaseFromListPage, readListPage } from "~/features/admin/list-page.server";
import { submissionQuerySchema, submissionSources } from "~/features/admin/schema";
import { deleteSubmission, listSubmissions } from "~/features/admin/submissions.server";
import { releaseHeldSubmission } from "~/features/forms/release-held-submission.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/submissions";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { EnquiryRecordHead } from "~/features/admin/components/enquiry-record";

export const meta: Route.MetaFunction = noindexMeta("Submissions", "Apply, mentoring and contact form submissions.", "/admin/submissions");

export async function loader({ request }: Route.LoaderArgs) {
  const { query, confirmDelete } = await readListPage(request, submissionQuerySchema);
  const [result, heldCounts] = await Promise.all([listSubmissions(query), countHeldItems()]);
  return { query, result, heldCounts, confirmDelete };
}

/** `intent=release` releases a held submission (its mails go out); otherwise the delete of the confirmation. */
export const action = (args: Route.ActionArgs) =>
  deleteOrReleaseFromListPage(args, {
    listPath: "/admin/submissions",
    noun: "submission",
    deleteAction: "delete-submission",
    remove: deleteSubmission,
    release: {
      action: "release-submission",
      release: releaseHeldSubmission,
      mailsSent: "The studio's notification and the sender's acknowledgement are on their way.",
    },
  });

/** A post that fails on the way keeps the list; the page says so (AdminShell, docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

const sourceLabels: Record<string, string> = { apply: "Apply", mentoring: "Mentoring", contact: "Contact" };
const fieldLabels: Record<string, string> = { idea: "Idea", why: "Why build it", message: "Message" };

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { query, result, heldCounts, confirmDelete } = loaderData;
  const held = query.held ? "1" : undefined;
  return (
    <AdminShell
      title="Submissions"
      description="What visitors sent with the apply, mentoring and contact forms, newest first."
      actions={<ExportLink href={`/api/admin/submissions${withParams("", { format: "csv", q: query.q, source: query.source, held })}`} />}
    >
      <HeldFilter held={query.held} heldCount={heldCounts.submissions} />
      <SearchForm q={query.q} label="Search submissions" placeholder="Name or e-mail">
        {held ? <input type="hidden" name="held" value={held} /> : null}
        <FilterSelect
          id="source-filter"
          name="source"
          label="Form"
          value={query.source}
          anyLabel="All forms"
          values={submissionSources}
          labels={sourceLabels}
        />
      </SearchForm>
      {query.held ? <HeldExplainer noun="submission" mails="the studio's notification and the sender's acknowledgement" /> : null}
      <RecordList
        label="Submissions"
        empty={query.q || query.source ? "No submissions match" : query.held ? "No held submissions" : "No submissions yet"}
        count={result.submissions.length}
        page={result}
        noun="submission"
      >
        {result.submissions.map((submission) => (
          <li key={submission.id}>
            <Card className="p-5">
              <article aria-labelledby={`submission-${submission.id}`}>
                <EnquiryRecordHead
                  headingId={`submission-${submission.id}`}
                  name={submission.name}
                  badge={<Badge variant="violet">{sourceLabels[submission.source] ?? submission.source}</Badge>}
                  createdAt={submission.createdAt}
                  email={submission.email}
                >
                  {Object.entries(submission.fields).map(([key, value]) => (
                    <div key={key} className="contents">
                      <dt className="font-medium text-ink-700">{fieldLabels[key] ?? key}</dt>
                      <dd className="whitespace-pre-wrap">{value}</dd>
                    </div>
                  ))}
                </EnquiryRecordHead>
                {submission.hold ? <HoldNotice hold={submission.hold} /> : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  {submission.hold ? <ReleaseButton id={submission.id} label={`Release submission of ${submission.name}`} /> : null}
                  <DeleteLink id={submission.id} label={`Delete submission of ${submission.name}`} />
                </div>
                <ConfirmDelete
                  open={confirmDelete === submission.id}
                  id={submission.id}
                  title={`Delete the submission of ${submission.name}?`}
                  description="This erases the submission for good (GDPR erasure). It cannot be undone."
                />
              </article>
            </Card>
          </li>
        ))}
      </RecordList>
    </AdminShell>
  );
}
