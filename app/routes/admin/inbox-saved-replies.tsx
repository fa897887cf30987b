import { data, Form, Link, useLocation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { audited } from "~/features/admin/record-admin-audit.server";
import { requestInfoContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ConfirmDelete } from "~/features/admin/components/confirm-delete";
import { withParams } from "~/features/admin/components/list-controls";
import { deleteFromListPage } from "~/features/admin/delete-record.server";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { idSchema } from "~/features/admin/schema";
import { MAX_REPLY_CHARS } from "~/features/inbox/mail/reply-text";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  savedReplySchema,
  updateSavedReply,
} from "~/features/inbox/mail/saved-replies.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/inbox-saved-replies";
import { AdminSection } from "~/features/admin/components/admin-section";

/** /admin/inbox/saved-replies: the answers a reply can start from (docs/inbox.md, "Replying"). */
export const meta: Route.MetaFunction = noindexMeta("Saved replies", "Answers a reply can start from.", "/admin/inbox/saved-replies");

const PATH = "/admin/inbox/saved-replies";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  return { replies: await listSavedReplies(), editing: url.searchParams.get("edit"), confirmDelete: url.searchParams.get("delete") };
}

type ActionAnswer = { id?: string; title?: string; body?: string; errors: { title?: string; body?: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    return deleteFromListPage({
      listPath: PATH,
      form,
      admin,
      clientIp: context.get(requestInfoContext).clientIp,
      action: "delete-saved-reply",
      remove: deleteSavedReply,
      noun: "saved reply",
    });
  }
  const raw = { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? "") };
  const parsed = savedReplySchema.safeParse(raw);
  const id = form.get("id") ? idSchema.safeParse(form.get("id")) : null;
  if (!parsed.success) {
    const errors: ActionAnswer["errors"] = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as "title" | "body"] ??= issue.message;
    return data<ActionAnswer>({ ...raw, id: id?.success ? id.data : undefined, errors }, { status: 400 });
  }
  // Each change, in the audit log with it (the same transaction).
  const audit = (summary: string, change: () => Promise<unknown>) =>
    audited(
      { user: admin, action: "change-saved-reply", target: parsed.data.title, summary, clientIp: context.get(requestInfoContext).clientIp },
      change,
    );
  if (id) {
    const gone = () => redirectWithToast(PATH, { type: "error", title: "That saved reply does not exist" });
    if (!id.success) return gone();
    try {
      await audit("updated", () => updateSavedReply(id.data, parsed.data));
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") return gone();
      throw error;
    }
    return redirectWithToast(PATH, { type: "success", title: "Saved reply updated" });
  }
  await audit("added", () => createSavedReply(parsed.data));
  return redirectWithToast(PATH, { type: "success", title: "Saved reply added" });
}

export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

function SavedReplyForm({
  idPrefix,
  values,
  answer,
  submitLabel,
  cancel,
}: {
  idPrefix: string;
  values?: { id: string; title: string; body: string };
  answer?: ActionAnswer;
  submitLabel: string;
  cancel?: string;
}) {
  const mine = answer && (answer.id ?? "") === (values?.id ?? "") ? answer : undefined;
  return (
    <Form method="post" className="flex flex-col gap-4">
      {values ? <input type="hidden" name="id" value={values.id} /> : null}
      <Field id={`${idPrefix}-title`} name="title" label="Title" error={mine?.errors.title}>
        {(control) => <Input {...control} defaultValue={mine?.title ?? values?.title ?? ""} required maxLength={120} />}
      </Field>
      <Field
        id={`${idPrefix}-body`}
        name="body"
        label="Text"
        description="Plain text; links stay clickable in the mail."
        error={mine?.errors.body}
      >
        {(control) => (
          <Textarea {...control} defaultValue={mine?.body ?? values?.body ?? ""} required rows={7} maxLength={MAX_REPLY_CHARS} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{submitLabel}</Button>
        {cancel ? (
          <Button asChild variant="outline">
            <Link to={cancel}>Cancel</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

export default function InboxSavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { replies, editing, confirmDelete } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const { search } = useLocation();
  return (
    <AdminShell title="Saved replies" description="Common answers an admin starts a reply from. Pick one on the reply page and press Use.">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <AdminSection headingId="saved-list" heading="Your saved replies" className="min-w-0">
          {replies.length === 0 ? (
            <p className="mt-3 text-ink-700">None yet: add the first one.</p>
          ) : (
            <ul className="mt-3 grid gap-4">
              {replies.map((reply) => (
                <li key={reply.id} className="rounded-xl border border-ink-200 bg-white p-4">
                  {editing === reply.id || answer?.id === reply.id ? (
                    <SavedReplyForm idPrefix={`edit-${reply.id}`} values={reply} answer={answer} submitLabel="Save changes" cancel={PATH} />
                  ) : (
                    <>
                      <h3 className="font-semibold break-words">{reply.title}</h3>
                      <p className="mt-2 line-clamp-4 text-sm break-words whitespace-pre-line text-ink-800">{reply.body}</p>
                      <div className="mt-3 flex gap-2">
                        <Button asChild variant="outline" size="sm">
                          <Link to={withParams(search, { edit: reply.id, delete: undefined })} aria-label={`Edit ${reply.title}`}>
                            Edit
                          </Link>
                        </Button>
                        <Button asChild variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-100">
                          <Link
                            to={withParams(search, { delete: reply.id, edit: undefined })}
                            preventScrollReset
                            aria-label={`Delete ${reply.title}`}
                          >
                            Delete
                          </Link>
                        </Button>
                      </div>
                      <ConfirmDelete
                        open={confirmDelete === reply.id}
                        id={reply.id}
                        title={`Delete “${reply.title}”?`}
                        description="Replies already sent are not changed."
                      />
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
        <AdminSection headingId="saved-new" heading="Add a saved reply" className="min-w-0">
          <div className="mt-3 rounded-xl border border-ink-200 bg-white p-4">
            <SavedReplyForm idPrefix="new" answer={answer} submitLabel="Add saved reply" />
          </div>
        </AdminSection>
      </div>
    </AdminShell>
  );
}
