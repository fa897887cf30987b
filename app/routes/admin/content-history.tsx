import { Form, Link } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { authorOf, itemSummary, or404, requireContentType } from "~/features/content/editor.server";
import { fieldChanges } from "~/features/content/field-diff";
import { listRevisions, restoreRevision } from "~/features/content/items.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/content-history";

/** /admin/content/:type/:id/history: the last 100 revisions, what each changed, and Restore. */
export const meta: Route.MetaFunction = noindexMeta(
  "History",
  "Every save and publish of an item.",
  (params: Route.MetaArgs["params"]) => `/admin/content/${params.type}/${params.id}/history`,
);

const HISTORY_LENGTH = 100;

const ACTION_LABELS: Record<string, string> = {
  import: "Imported on first start",
  create: "Created",
  save: "Draft saved",
  publish: "Published",
  unpublish: "Unpublished",
  restore: "Restored an earlier revision",
  schedule: "Scheduled",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  // One more than shown: the oldest shown revision's changes are against it.
  const { item, revisions } = await or404(() => listRevisions(requireContentType(params.type), params.id, HISTORY_LENGTH + 1));
  return {
    item: itemSummary(item),
    revisions: revisions.slice(0, HISTORY_LENGTH).map((revision, index) => ({
      id: revision.id,
      action: ACTION_LABELS[revision.action] ?? revision.action,
      authorName: revision.authorName,
      createdAt: revision.createdAt.toISOString(),
      changes: revisions[index + 1] ? fieldChanges(revisions[index + 1]!.fields, revision.fields) : null,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const type = await or404(() => requireContentType(params.type));
  const revisionId = String((await request.formData()).get("revisionId") ?? "");
  const editor = `/admin/content/${type}/${params.id}`;
  try {
    if (!/^[0-9a-f-]{36}$/.test(revisionId)) throw new AppError("not_found", "There is no such revision of this item.");
    const item = await restoreRevision(type, params.id, revisionId, authorOf(admin));
    return redirectWithToast(`/admin/content/${type}/${item.key}`, {
      type: "success",
      title: "Restored as the draft: publish it to put it on the site",
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "invalid")) {
      return redirectWithToast(`${editor}/history`, { type: "error", title: error.message });
    }
    throw error;
  }
}

export default function ContentHistory({ loaderData }: Route.ComponentProps) {
  const { item, revisions } = loaderData;
  return (
    <AdminShell
      title={`History: ${item.title}`}
      description={`The last ${HISTORY_LENGTH} changes, newest first. Restore makes a revision the draft; the site changes when you publish it.`}
    >
      <p className="mb-6 text-sm">
        <Link to={item.editPath} className="text-aurora-700 underline underline-offset-2">
          Back to the editor
        </Link>
      </p>
      <ol className="space-y-4">
        {revisions.map((revision, index) => (
          <li key={revision.id} className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="font-semibold">{revision.action}</h2>
                <p className="text-sm text-ink-600">
                  {formatDateTime(revision.createdAt)} by {revision.authorName}
                </p>
              </div>
              {index > 0 ? (
                <Form method="post">
                  <input type="hidden" name="revisionId" value={revision.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`Restore the revision of ${formatDateTime(revision.createdAt)}`}
                  >
                    Restore
                  </Button>
                </Form>
              ) : null}
            </div>
            <Changes changes={revision.changes} />
          </li>
        ))}
      </ol>
    </AdminShell>
  );
}

function Changes({ changes }: { changes: Array<{ field: string; before: string; after: string }> | null }) {
  if (changes === null) return null;
  if (changes.length === 0) return <p className="mt-2 text-sm text-ink-600">No field changed.</p>;
  return (
    <dl className="mt-3 space-y-3 text-sm">
      {changes.map((change) => (
        <div key={change.field}>
          <dt className="font-semibold">{change.field}</dt>
          <dd className="mt-1 grid gap-2 sm:grid-cols-2">
            <p className="rounded bg-danger-100 p-2 whitespace-pre-wrap break-words">
              <span className="sr-only">Before: </span>
              <del className="no-underline">{change.before || "(nothing)"}</del>
            </p>
            <p className="rounded bg-aurora-100 p-2 whitespace-pre-wrap break-words">
              <span className="sr-only">After: </span>
              <ins className="no-underline">{change.after || "(nothing)"}</ins>
            </p>
          </dd>
        </div>
      ))}
    </dl>
  );
}
