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
import { parseQuery, submissionQuerySchema, submissionSources } from "~/features/admin/schema";
import { deleteSubmission, listSubmissions } from "~/features/admin/submissions.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/submissions";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Submissions", description: "Apply, mentoring and contact form submissions.", path: "/admin/submissions", publicUrl: publicUrlFrom(matches), noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseQuery(submissionQuerySchema, url);
  return { admin, query, result: await listSubmissions(query), confirmDelete: url.searchParams.get("delete") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return deleteFromListPage({
    listPath: "/admin/submissions",
    form: await request.formData(),
    admin,
    clientIp: context.get(requestInfoContext).clientIp,
    action: "delete-submission",
    remove: deleteSubmission,
    noun: "submission",
  });
}

const sourceLabels: Record<string, string> = { apply: "Apply", mentoring: "Mentoring", contact: "Contact" };
const fieldLabels: Record<string, string> = { idea: "Idea", why: "Why build it", message: "Message" };

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { admin, query, result, confirmDelete } = loaderData;
  const { search } = useLocation();
  return (
    <AdminShell
      title="Submissions"
      email={admin.email}
      description="What visitors sent with the apply, mentoring and contact forms, newest first."
      actions={<ExportLink href={`/api/admin/submissions${withParams("", { format: "csv", q: query.q, source: query.source })}`} />}
    >
      <SearchForm q={query.q} label="Search submissions" placeholder="Name or e-mail">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="source-filter">Form</Label>
          <select
            id="source-filter"
            name="source"
            defaultValue={query.source ?? ""}
            className="h-11 rounded-[var(--radius-control)] border border-ink-300 bg-white px-3"
          >
            <option value="">All forms</option>
            {submissionSources.map((source) => (
              <option key={source} value={source}>
                {sourceLabels[source]}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      {result.submissions.length === 0 ? (
        <p className="mt-10 text-center text-lg text-ink-600">{query.q || query.source ? "No submissions match" : "No submissions yet"}</p>
      ) : (
        <>
          <ul className="mt-6 grid gap-4" aria-label="Submissions">
            {result.submissions.map((submission) => (
              <li key={submission.id}>
                <Card className="p-5">
                  <article aria-labelledby={`submission-${submission.id}`}>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 id={`submission-${submission.id}`} className="text-lg font-semibold">
                          {submission.name}
                        </h2>
                        <Badge variant="violet">{sourceLabels[submission.source] ?? submission.source}</Badge>
                      </div>
                      <p className="text-sm text-ink-600">
                        <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
                      </p>
                    </div>
                    <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                      <dt className="font-medium text-ink-700">E-mail</dt>
                      <dd>
                        <a className="text-aurora-700 underline-offset-2 hover:underline" href={`mailto:${submission.email}`}>
                          {submission.email}
                        </a>
                      </dd>
                      {Object.entries(submission.fields).map(([key, value]) => (
                        <div key={key} className="contents">
                          <dt className="font-medium text-ink-700">{fieldLabels[key] ?? key}</dt>
                          <dd className="whitespace-pre-wrap">{value}</dd>
                        </div>
                      ))}
                    </dl>
                    <div className="mt-3">
                      <DeleteLink id={submission.id} search={search} label={`Delete submission of ${submission.name}`} />
                    </div>
                    {confirmDelete === submission.id ? (
                      <ConfirmDelete
                        id={submission.id}
                        search={search}
                        title={`Delete the submission of ${submission.name}?`}
                        description="This erases the submission for good (GDPR erasure). It cannot be undone."
                      />
                    ) : null}
                  </article>
                </Card>
              </li>
            ))}
          </ul>
          <Pagination page={result.page} pageCount={result.pageCount} total={result.total} search={search} noun="submission" />
        </>
      )}
    </AdminShell>
  );
}
