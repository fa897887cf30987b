import { data, Form, Link, useNavigation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { FormAlert } from "~/features/admin/components/auth-card";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { answerAppError } from "~/.server/errors";
import { confirmAdminPassword } from "~/features/admin/password-confirmation.server";
import { idSchema } from "~/features/admin/schema";
import { erasePerson, exportPersonData } from "~/features/inbox/person-data.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/inbox-person-erase";

/**
 * /admin/inbox/people/<personId>/erase: what erasing the person removes, and the form that does
 * it once the admin confirms with their password (GDPR erasure; docs/inbox.md, "Personal data
 * (export and erase)"). The person's page links here; the erasure ends on the inbox with a toast.
 */
export const meta: Route.MetaFunction = noindexMeta(
  "Erase a person",
  "Erase everything held about one person.",
  (params: Route.MetaArgs["params"]) => `/admin/inbox/people/${params.personId}/erase`,
);

async function personOr404(personIdParam: string | undefined) {
  const personId = idSchema.safeParse(personIdParam);
  const exported = personId.success ? await exportPersonData(personId.data) : null;
  if (!personId.success || !exported) throw data("Nobody with this id.", { status: 404 });
  return exported;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const person = await personOr404(params.personId);
  return {
    person: { id: person.person.id, email: person.person.email, name: person.person.name },
    held: [
      [person.leads.length, "chat lead", "chat leads", "with their transcripts"],
      [person.submissions.length, "form submission", "form submissions", ""],
      [
        person.subscription ? 1 : 0,
        "newsletter subscription",
        "newsletter subscriptions",
        `with ${person.subscription?.deliveries.length ?? 0} deliveries`,
      ],
      [person.enquiries.length, "enquiry", "enquiries", "with stages and values"],
      [person.events.length, "note or change", "notes and changes", ""],
      [person.mails.length, "mail", "mails", `with ${person.mails.reduce((n, mail) => n + mail.attachments.length, 0)} attachments`],
      [person.visits.length, "visit record", "visit records", "(where they came from)"],
    ]
      .filter(([n]) => Number(n) > 0)
      .map(([n, one, many, detail]) => `${n} ${n === 1 ? one : many}${detail ? ` ${detail}` : ""}`),
  };
}

type EraseAnswer = { fieldError?: string; error?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientIp = context.get(requestInfoContext).clientIp;
  const personId = idSchema.safeParse(params.personId);
  if (!personId.success) throw data("Nobody with this id.", { status: 404 });
  const form = await request.formData();
  const password = typeof form.get("password") === "string" ? String(form.get("password")) : "";
  // A destructive action: the admin's password again, counted like a sign-in (decision 0178).
  const confirmation = await confirmAdminPassword({ request, clientIp, email: admin.email, password });
  if (!confirmation.confirmed) {
    return data<EraseAnswer>({ fieldError: confirmation.error.message }, answerAppError(confirmation.error));
  }
  const erased = await erasePerson(personId.data, { user: admin, clientIp });
  if (!erased) return redirectWithToast("/admin/inbox", { type: "error", title: "That person was already erased" });
  return redirectWithToast("/admin/inbox", { type: "success", title: "Person erased, with everything held about them" });
}

/** A post that fails on the way keeps the page and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (): EraseAnswer => ({ error: ADMIN_REQUEST_FAILED }));

export default function ErasePerson({ loaderData, actionData }: Route.ComponentProps) {
  const { person, held } = loaderData;
  const busy = useNavigation().state === "submitting";
  const who = person.name ? `${person.name} (${person.email})` : person.email;
  return (
    <AdminShell title="Erase a person" description={<>Everything the site holds about {who}.</>}>
      <Card className="max-w-2xl">
        <h2 className="text-xl font-semibold">This removes, for good</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-ink-800">
          {held.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>the person, and mails still queued to or about them</li>
        </ul>
        <p className="mt-4 text-sm text-ink-600">
          Download their data first if they asked for a copy:{" "}
          <a href={`/admin/inbox/people/${person.id}/export`} className="font-medium text-aurora-700 underline underline-offset-2" download>
            export as JSON
          </a>
          . The admin log keeps that an erasure happened, without the address.
        </p>
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <FormAlert message={actionData?.error} />
          <Field id="password" name="password" label="Your password, to confirm" error={actionData?.fieldError}>
            {(control) => <Input {...control} type="password" required autoComplete="current-password" />}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              Erase everything
            </Button>
            <Button asChild variant="outline">
              <Link to={`/admin/inbox/people/${person.id}`}>Cancel</Link>
            </Button>
          </div>
        </Form>
      </Card>
    </AdminShell>
  );
}
