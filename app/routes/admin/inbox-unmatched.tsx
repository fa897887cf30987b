import { Form, Link, useLocation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { ConfirmDelete } from "~/features/admin/components/confirm-delete";
import { formatDateTime, Pagination, withParams } from "~/features/admin/components/list-controls";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { deleteFromListPage, listPageReturn } from "~/features/admin/delete-record.server";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { AppError } from "~/.server/errors";
import { audited } from "~/features/admin/record-admin-audit.server";
import { idSchema, listQuerySchema } from "~/features/admin/schema";
import { readListPage } from "~/features/admin/list-page.server";
import { assignUnmatchedMail, discardUnmatchedMail, listUnmatchedMails } from "~/features/inbox/mail/unmatched.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/inbox-unmatched";

/**
 * /admin/inbox/unmatched: mail read from the studio's mailbox that belongs to no thread, or came
 * from someone other than the thread's person (docs/inbox.md). Assign it to a person, or discard
 * it (from the site only: the mailbox is never changed).
 */
export const meta: Route.MetaFunction = noindexMeta("Unmatched mail", "Mail that belongs to no conversation.", "/admin/inbox/unmatched");

export async function loader({ request }: Route.LoaderArgs) {
  const { query, confirmDelete } = await readListPage(request, listQuerySchema);
  return { result: await listUnmatchedMails(query.page), confirmDelete };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const clientIp = context.get(requestInfoContext).clientIp;
  const listPath = "/admin/inbox/unmatched";
  if (form.get("intent") === "assign") {
    const back = listPageReturn(listPath, form);
    const id = idSchema.safeParse(form.get("id"));
    const email = String(form.get("email") ?? "")
      .trim()
      .slice(0, 320);
    if (!id.success) return redirectWithToast(back, { type: "error", title: "That mail does not exist" });
    if (!email) return redirectWithToast(back, { type: "error", title: "Enter the person's e-mail address" });
    try {
      await audited({ user: admin, action: "assign-mail", target: id.data, clientIp }, () => assignUnmatchedMail(id.data, email));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === "not_found") return redirectWithToast(back, { type: "error", title: "That mail is no longer unmatched" });
      if (error.code === "invalid")
        return redirectWithToast(back, {
          type: "error",
          title: "No person with that address",
          description: "Assign it to someone who has written to the studio before.",
        });
      throw error;
    }
    return redirectWithToast(back, { type: "success", title: "Mail assigned", description: "It is on the person's timeline now." });
  }
  return deleteFromListPage({ listPath, form, admin, clientIp, action: "discard-mail", remove: discardUnmatchedMail, noun: "mail" });
}

export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

function formatSize(bytes: number | null): string {
  if (!bytes) return "";
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function InboxUnmatched({ loaderData }: Route.ComponentProps) {
  const { result, confirmDelete } = loaderData;
  const { search } = useLocation();
  return (
    <AdminShell
      title="Unmatched mail"
      description="Mail in the studio's mailbox that answers no conversation of ours, or came from someone other than the person we wrote to. Assign it to a person, or discard it here (the mailbox itself is never changed)."
      actions={
        <Button asChild variant="outline">
          <Link to="/admin/inbox/saved-replies">Saved replies</Link>
        </Button>
      }
    >
      {result.mails.length === 0 ? (
        <p className="mt-10 text-center text-lg text-ink-600">No unmatched mail</p>
      ) : (
        <>
          <ul className="grid gap-4" aria-label="Unmatched mail">
            {result.mails.map((mail) => (
              <li key={mail.id} className="min-w-0 rounded-xl border border-ink-200 bg-white p-4 sm:p-5">
                <article aria-labelledby={`mail-${mail.id}`}>
                  <h2 id={`mail-${mail.id}`} className="text-lg font-semibold break-words">
                    {mail.subject || "(no subject)"}
                  </h2>
                  <p className="mt-1 text-sm break-words text-ink-700">
                    From {mail.fromAddress || "(no sender)"} · {formatDateTime(String(mail.createdAt))}
                    {mail.sizeBytes ? <> · {formatSize(mail.sizeBytes)}</> : null}
                  </p>
                  {mail.autoReply ? (
                    <p className="mt-2">
                      <Badge>Automatic reply: {mail.autoReply}</Badge>
                    </p>
                  ) : null}
                  <p className="mt-3 text-sm break-words whitespace-pre-line text-ink-800">
                    {mail.excerpt}
                    {mail.truncated ? "…" : ""}
                  </p>
                  {mail.attachments.length ? (
                    <ul className="mt-3 flex flex-wrap gap-3 text-sm" aria-label="Attachments">
                      {mail.attachments.map((attachment) => (
                        <li key={attachment.id}>
                          {attachment.kept ? (
                            <a className="underline" href={`/admin/inbox/attachments/${attachment.id}`} download>
                              {attachment.filename}
                            </a>
                          ) : (
                            <span>{attachment.filename} (not kept: over the size limit)</span>
                          )}{" "}
                          <span className="text-ink-600">{formatSize(attachment.sizeBytes)}</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <div className="mt-4 flex flex-wrap items-end gap-3">
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="assign" />
                      <input type="hidden" name="id" value={mail.id} />
                      <input type="hidden" name="returnTo" value={withParams(search, { delete: undefined })} />
                      <div className="flex flex-col gap-1.5">
                        <Label htmlFor={`assign-${mail.id}`}>Person's e-mail address</Label>
                        <Input id={`assign-${mail.id}`} name="email" type="email" required autoComplete="off" className="w-64 max-w-full" />
                      </div>
                      <Button type="submit" variant="outline">
                        Assign
                      </Button>
                    </Form>
                    <Button asChild variant="ghost" className="text-danger-700 hover:bg-danger-100">
                      <Link
                        to={withParams(search, { delete: mail.id })}
                        preventScrollReset
                        aria-label={`Discard the mail from ${mail.fromAddress}`}
                      >
                        Discard
                      </Link>
                    </Button>
                  </div>
                  <ConfirmDelete
                    open={confirmDelete === mail.id}
                    id={mail.id}
                    title="Discard this mail?"
                    description="It is removed from the site with its attachments. The message stays in the studio's mailbox."
                  />
                </article>
              </li>
            ))}
          </ul>
          <Pagination page={result.page} pageCount={result.pageCount} total={result.total} noun="mail" />
        </>
      )}
    </AdminShell>
  );
}
