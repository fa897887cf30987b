import { data, Form, useNavigation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { getEnv } from "~/.server/env";
import { requestInfoContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { FormAlert } from "~/features/admin/components/auth-card";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { TotpEnrolment } from "~/features/admin/components/totp-enrolment";
import { beforePasswordConfirmation, countWrongConfirmation } from "~/features/admin/password-confirmation.server";
import { listRecentAudit, recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { disableTwoFactor, runEnrolmentStep, type EnrolmentView } from "~/features/admin/two-factor-enrolment.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/account";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta("Account", "Your admin account and two-factor authentication.", "/admin/account");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const audit = await listRecentAudit(admin.id, 15);
  return {
    admin,
    twoFactorRequired: getEnv().ADMIN_REQUIRE_TWO_FACTOR,
    audit: audit.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientIp = context.get(requestInfoContext).clientIp;
  const form = Object.fromEntries(await request.formData());

  if (form.intent === "disable") {
    const password = typeof form.password === "string" ? form.password : "";
    if (!password) return data<EnrolmentView>({ fieldError: "Enter your password" }, { status: 400 });
    // A password confirmation is a guess like a sign-in: it shares the sign-in limits (decision 0178).
    const gate = await beforePasswordConfirmation({ clientIp, email: admin.email });
    if (!gate.allowed) {
      return data<EnrolmentView>({ fieldError: gate.message }, { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } });
    }
    const result = await disableTwoFactor({ password, request });
    if (result.status === "wrong-password") {
      await countWrongConfirmation(admin.email);
      return data<EnrolmentView>({ fieldError: "That password is not right" }, { status: 400 });
    }
    await recordAdminAudit({ user: admin, action: "two-factor-off", clientIp });
    // Where two-factor is required, the guard now sends the admin to set up the new app.
    const title = getEnv().ADMIN_REQUIRE_TWO_FACTOR
      ? "Two-factor authentication is off: set up your new app now"
      : "Two-factor authentication is off";
    return redirectWithToast("/admin/account", { type: "info", title }, { headers: result.headers });
  }

  const step = await runEnrolmentStep(form, { request, admin, clientIp });
  if (step.status === "enabled") {
    return redirectWithToast("/admin/account", { type: "success", title: "Two-factor authentication is on" }, { headers: step.headers });
  }
  return data<EnrolmentView>(step.view, { status: step.httpStatus, headers: step.headers });
}

/** A post that fails on the way keeps the page and what was typed, and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (): EnrolmentView => ({ error: ADMIN_REQUEST_FAILED }));

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { admin, audit, twoFactorRequired } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const setup = actionData?.setup;

  return (
    <AdminShell title="Account" description={`Signed in as ${admin.email}.`}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-xl font-semibold">Two-factor authentication</h2>
          <FormAlert message={actionData?.error} />
          {setup || !admin.twoFactorEnabled ? (
            <div className="mt-4">
              <TotpEnrolment
                setup={setup}
                fieldError={actionData?.fieldError}
                isBusy={isBusy}
                intro={
                  <>
                    <strong>Off.</strong> Add a second step to signing in: a code from an authenticator app on your phone.
                  </>
                }
              />
            </div>
          ) : (
            <div className="mt-4 flex flex-col gap-4">
              <p>
                <strong>On.</strong> Signing in asks for a code from your authenticator app (or a backup code).
              </p>
              {twoFactorRequired ? (
                <p className="text-sm text-ink-600">
                  Admins must use two-factor on this site. To move to a new phone or app, turn it off here: you set up the new one right
                  after, before anything else.
                </p>
              ) : null}
              <Form method="post" className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="disable" />
                <Field id="password" name="password" label="Your password" error={actionData?.fieldError}>
                  {(control) => <Input {...control} type="password" required autoComplete="current-password" />}
                </Field>
                <Button type="submit" variant="outline" disabled={isBusy}>
                  Turn off two-factor authentication
                </Button>
              </Form>
            </div>
          )}
        </Card>
        <Card>
          <h2 className="text-xl font-semibold">Your recent activity</h2>
          {audit.length === 0 ? (
            <p className="mt-4 text-ink-600">Nothing yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-ink-200 text-sm">
              {audit.map((entry) => (
                <li key={entry.id} className="py-2">
                  <span className="font-medium">{entry.action}</span>
                  {entry.target ? <span className="text-ink-600"> · {entry.target}</span> : null}
                  <br />
                  <span className="text-ink-600">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    {entry.ip ? ` · from ${entry.ip}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </AdminShell>
  );
}
