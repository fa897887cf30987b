import { data, Form, Link, useNavigation } from "react-router";
import { requestInfoContext } from "~/.server/request-context";
import { requireAdmin } from "~/.server/admin-guard";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { idSchema } from "~/features/admin/schema";
import { mentorScopeOf } from "~/features/inbox/mentor-scope.server";
import { loadReplyContext } from "~/features/inbox/mail/reply-page.server";
import { MAX_REPLY_CHARS, MAX_SUBJECT_CHARS } from "~/features/inbox/mail/reply-text";
import { getSavedReply, listSavedReplies } from "~/features/inbox/mail/saved-replies.server";
import { REPLY_MESSAGES, replySubjectSchema, replyTextSchema } from "~/features/inbox/mail/schema";
import { sendReply } from "~/features/inbox/mail/send-reply.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/inbox-reply";
import { AdminSection } from "~/features/admin/components/admin-section";

/**
 * /admin/inbox/people/:personId/reply?enquiry=<id>: write a reply by mail (docs/inbox.md,
 * "Replying"). Plain text; a saved reply fills the text with the "Use" button (a post of this
 * form, so it works without JavaScript and keeps what was typed).
 */
export const meta: Route.MetaFunction = noindexMeta(
  "Reply",
  "Reply by mail.",
  (params: Route.MetaArgs["params"]) => `/admin/inbox/people/${params.personId}/reply`,
);

function notFound(): never {
  throw data({ message: "No such person." }, { status: 404 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const personId = idSchema.safeParse(params.personId);
  if (!personId.success) notFound();
  const enquiryParam = idSchema.safeParse(new URL(request.url).searchParams.get("enquiry"));
  const [context, savedReplies] = await Promise.all([
    loadReplyContext(personId.data, enquiryParam.success ? enquiryParam.data : null, mentorScopeOf(admin)),
    listSavedReplies(),
  ]);
  if (!context) notFound();
  return { ...context, savedReplies: savedReplies.map(({ id, title }) => ({ id, title })) };
}

type ActionAnswer = {
  text?: string;
  subject?: string;
  savedId?: string;
  error?: string;
  fieldErrors?: { text?: string; subject?: string };
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const personId = idSchema.safeParse(params.personId);
  const enquiryId = idSchema.safeParse(new URL(request.url).searchParams.get("enquiry"));
  if (!personId.success || !enquiryId.success) return data<ActionAnswer>({ error: REPLY_MESSAGES.notFound }, { status: 404 });
  const form = await request.formData();
  const rawText = String(form.get("text") ?? "");
  const rawSubject = String(form.get("subject") ?? "");
  // A refusal gives back what was typed.
  const refuse = (answer: ActionAnswer, init: ResponseInit) => data<ActionAnswer>({ text: rawText, subject: rawSubject, ...answer }, init);

  if (form.get("intent") === "use-saved") {
    const savedId = idSchema.safeParse(form.get("saved"));
    const saved = savedId.success ? await getSavedReply(savedId.data) : undefined;
    if (!saved) return refuse({ error: "Choose a saved reply first." }, { status: 400 });
    const text = rawText.trim() ? `${rawText.trimEnd()}\n\n${saved.body}` : saved.body;
    return data<ActionAnswer>({ text: text.slice(0, MAX_REPLY_CHARS), subject: rawSubject, savedId: saved.id });
  }

  const text = replyTextSchema.safeParse(rawText);
  const subject = replySubjectSchema.safeParse(rawSubject);
  if (!text.success || !subject.success) {
    const fieldErrors = { text: text.error?.issues[0]?.message, subject: subject.error?.issues[0]?.message };
    return refuse({ fieldErrors }, { status: 400 });
  }
  const outcome = await sendReply({
    personId: personId.data,
    enquiryId: enquiryId.data,
    text: text.data,
    subject: subject.data,
    admin,
    clientIp: context.get(requestInfoContext).clientIp,
  });
  switch (outcome.status) {
    case "sent":
      return redirectWithToast(`/admin/inbox/people/${personId.data}/reply?enquiry=${enquiryId.data}`, {
        type: "success",
        title: "Reply sent",
        description: outcome.stageChanged ? "The enquiry moved from New to Contacted." : "It is on its way.",
      });
    case "rate-limited":
      return refuse(
        { error: `You have sent many replies in a short time. Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} min.` },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "held":
      return refuse({ error: REPLY_MESSAGES.held }, { status: 409 });
    case "not-found":
      return refuse({ error: REPLY_MESSAGES.notFound }, { status: 404 });
  }
}

/** A post that fails on the way keeps the page and what was typed, and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (form): ActionAnswer => ({
    text: String(form.get("text") ?? ""),
    subject: String(form.get("subject") ?? ""),
    error: ADMIN_REQUEST_FAILED,
  }));

export default function InboxReply({ loaderData, actionData }: Route.ComponentProps) {
  const { person, enquiry, enquiries, subject, recent, savedReplies } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const sending = useNavigation().state === "submitting";
  const who = person.name ? `${person.name} <${person.email}>` : person.email;
  const personPage = `/admin/inbox/people/${person.id}`;

  return (
    <AdminShell
      title={`Reply to ${person.name ?? person.email}`}
      description={<>To: {who}</>}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to={personPage}>Back to the person</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/admin/inbox/saved-replies">Saved replies</Link>
          </Button>
        </>
      }
    >
      {!enquiry ? (
        <AdminSection headingId="choose-enquiry" heading="Which enquiry are you answering?">
          {enquiries.length === 0 ? (
            <p className="mt-3 text-ink-700">This person has no enquiry to reply to.</p>
          ) : (
            <ul className="mt-3 grid gap-2">
              {enquiries.map((entry) => (
                <li key={entry.id}>
                  <Link className="underline" to={`?enquiry=${entry.id}`}>
                    {entry.kind} enquiry of {formatDateTime(String(entry.createdAt))} ({entry.stage})
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Form method="post" className="flex flex-col gap-5" key={answer?.savedId ?? "compose"}>
            {answer?.error ? (
              <p role="alert" className="rounded-lg border border-danger-700/40 bg-danger-100 p-3 font-medium text-danger-700">
                {answer.error}
              </p>
            ) : null}
            {enquiry.heldAt ? <p className="rounded-lg border border-ink-200 bg-white p-3 text-ink-800">{REPLY_MESSAGES.held}</p> : null}
            <Field id="reply-subject" name="subject" label="Subject" error={answer?.fieldErrors?.subject}>
              {(control) => <Input {...control} defaultValue={answer?.subject ?? subject} maxLength={MAX_SUBJECT_CHARS} />}
            </Field>
            {savedReplies.length > 0 ? (
              <div className="flex flex-wrap items-end gap-2">
                <Field id="reply-saved" name="saved" label="Saved reply" className="min-w-56 flex-1">
                  {(control) => (
                    <NativeSelect {...control} defaultValue={answer?.savedId ?? ""}>
                      <option value="">Choose a saved reply…</option>
                      {savedReplies.map((saved) => (
                        <option key={saved.id} value={saved.id}>
                          {saved.title}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Button type="submit" name="intent" value="use-saved" variant="outline" formNoValidate>
                  Use
                </Button>
              </div>
            ) : null}
            <Field
              id="reply-text"
              name="text"
              label="Your reply"
              description="Plain text; links stay clickable. It is sent from the studio's address, and answers come back to the studio's inbox."
              error={answer?.fieldErrors?.text}
            >
              {(control) => <Textarea {...control} defaultValue={answer?.text ?? ""} rows={14} required maxLength={MAX_REPLY_CHARS} />}
            </Field>
            <div>
              <Button type="submit" name="intent" value="send" disabled={sending}>
                {sending ? "Sending…" : "Send reply"}
              </Button>
            </div>
          </Form>
          <AdminSection headingId="thread-heading" heading="Latest in this conversation" className="min-w-0">
            {recent.length === 0 ? (
              <p className="mt-3 text-ink-700">No mail yet: this is the first reply.</p>
            ) : (
              <ol className="mt-3 grid gap-3">
                {recent.map((mail) => (
                  <li key={mail.id} className="rounded-lg border border-ink-200 bg-white p-3">
                    <p className="text-sm text-ink-600">
                      {mail.direction === "out" ? `Sent by ${mail.sentByName ?? "an admin"}` : `From ${mail.fromAddress}`} ·{" "}
                      {formatDateTime(String(mail.createdAt))}
                      {mail.autoReply ? <> · automatic reply ({mail.autoReply})</> : null}
                    </p>
                    <p className="mt-1 font-medium break-words">{mail.subject || "(no subject)"}</p>
                    <p className="mt-1 line-clamp-6 text-sm break-words whitespace-pre-line text-ink-800">{mail.text}</p>
                  </li>
                ))}
              </ol>
            )}
          </AdminSection>
        </div>
      )}
    </AdminShell>
  );
}
