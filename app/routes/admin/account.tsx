import { z } from "zod";
import { data, Form, useNavigation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { countHeldItems } from "~/features/admin/held-items.server";
import { FormAlert } from "~/features/admin/components/auth-card";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { listRecentAudit } from "~/features/admin/record-admin-audit.server";
import {
  confirmTotpEnrolment,
  describeTotpSetup,
  disableTwoFactor,
  startTotpEnrolment,
  type TotpSetup,
} from "~/features/admin/two-factor-enrolment.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Account", description: "Your admin account and two-factor authentication.", path: "/admin/account", publicUrl: publicUrlFrom(matches), noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [audit, heldCounts] = await Promise.all([listRecentAudit(15), countHeldItems()]);
  return {
    admin,
    heldCounts,
    audit: audit.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
  };
}

type ActionData = { setup?: TotpSetup; error?: string; fieldError?: string };

const pendingSetupSchema = z.object({
  totpUri: z.string().max(1000).startsWith("otpauth://totp/"),
  backupCodes: z
    .string()
    .max(1000)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.string().regex(/^[\w-]{1,40}$/)).max(30)),
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = Object.fromEntries(await request.formData());
  const password = typeof form.password === "string" ? form.password : "";
  const code = typeof form.code === "string" ? form.code : "";

  if (form.intent === "enable") {
    if (!password) return data<ActionData>({ fieldError: "Enter your password" }, { status: 400 });
    const result = await startTotpEnrolment({ password, request });
    if (result.status === "wrong-password") return data<ActionData>({ fieldError: "That password is not right" }, { status: 400 });
    if (result.status === "already-enabled") return data<ActionData>({ error: "Two-factor authentication is already on." }, { status: 400 });
    return data<ActionData>({ setup: result.setup }, { headers: result.headers });
  }

  if (form.intent === "confirm") {
    const pending = pendingSetupSchema.safeParse(form);
    if (!pending.success) return data<ActionData>({ error: "Start the set-up again." }, { status: 400 });
    const setup = await describeTotpSetup(pending.data.totpUri, pending.data.backupCodes);
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ""))) {
      return data<ActionData>({ setup, fieldError: "Enter the 6-digit code from your app" }, { status: 400 });
    }
    const result = await confirmTotpEnrolment({ code, request });
    if (result.status === "invalid") {
      return data<ActionData>({ setup, fieldError: "That code is not valid. Check the time on your phone and try again." }, { status: 400 });
    }
    return redirectWithToast(
      "/admin/account",
      { type: "success", title: "Two-factor authentication is on" },
      { headers: result.headers },
    );
  }

  if (form.intent === "disable") {
    if (!password) return data<ActionData>({ fieldError: "Enter your password" }, { status: 400 });
    const result = await disableTwoFactor({ password, request });
    if (result.status === "wrong-password") return data<ActionData>({ fieldError: "That password is not right" }, { status: 400 });
    return redirectWithToast("/admin/account", { type: "info", title: "Two-factor authentication is off" }, { headers: result.headers });
  }

  return data<ActionData>({ error: "Unknown action." }, { status: 400 });
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { admin, audit } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const setup = actionData?.setup;

  return (
    <AdminShell title="Account" email={admin.email} heldCounts={loaderData.heldCounts} description={`Signed in as ${admin.email}.`}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-xl font-semibold">Two-factor authentication</h2>
          <FormAlert message={actionData?.error} />
          {setup ? (
            <div className="mt-4 flex flex-col gap-4">
              <p>
                1. Scan this QR code with an authenticator app (1Password, Google Authenticator, Aegis...), or type the
                key below into it.
              </p>
              <img src={setup.qrDataUrl} alt="QR code for your authenticator app" width={200} height={200} className="rounded-lg border border-ink-200" />
              <p className="text-sm">
                Key: <code className="break-all rounded bg-ink-100 px-1.5 py-0.5 font-mono" data-testid="totp-secret">{setup.secret}</code>
              </p>
              <div>
                <p>2. Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone.</p>
                <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Backup codes">
                  {setup.backupCodes.map((backupCode) => (
                    <li key={backupCode} className="rounded bg-ink-100 px-2 py-1">
                      {backupCode}
                    </li>
                  ))}
                </ul>
              </div>
              <Form method="post" className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="confirm" />
                <input type="hidden" name="totpUri" value={setup.totpUri} />
                <input type="hidden" name="backupCodes" value={setup.backupCodes.join(",")} />
                <Field id="code" name="code" label="3. Enter the 6-digit code the app shows" error={actionData?.fieldError}>
                  {(control) => <Input {...control} required inputMode="numeric" autoComplete="one-time-code" maxLength={8} />}
                </Field>
                <Button type="submit" disabled={isBusy}>
                  Turn on two-factor authentication
                </Button>
              </Form>
            </div>
          ) : admin.twoFactorEnabled ? (
            <div className="mt-4 flex flex-col gap-4">
              <p>
                <strong>On.</strong> Signing in asks for a code from your authenticator app (or a backup code).
              </p>
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
          ) : (
            <div className="mt-4 flex flex-col gap-4">
              <p>
                <strong>Off.</strong> Add a second step to signing in: a code from an authenticator app on your phone.
              </p>
              <Form method="post" className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="enable" />
                <Field id="password" name="password" label="Your password" error={actionData?.fieldError}>
                  {(control) => <Input {...control} type="password" required autoComplete="current-password" />}
                </Field>
                <Button type="submit" disabled={isBusy}>
                  Set up two-factor authentication
                </Button>
              </Form>
            </div>
          )}
        </Card>
        <Card>
          <h2 className="text-xl font-semibold">Recent admin activity</h2>
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
                    {entry.userEmail} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
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
