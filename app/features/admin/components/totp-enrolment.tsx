import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { TotpSetup } from "../two-factor-enrolment.server";

/**
 * Setting up TOTP (account page and first sign-in): the password first, then
 * the QR code, manual key and backup codes with a field for the first code.
 */
export function TotpEnrolment({
  setup,
  fieldError,
  isBusy,
  intro,
}: {
  setup?: TotpSetup;
  fieldError?: string;
  isBusy: boolean;
  intro: ReactNode;
}) {
  if (!setup) {
    return (
      <div className="flex flex-col gap-4">
        <p>{intro}</p>
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="enable" />
          <Field id="password" name="password" label="Your password" error={fieldError}>
            {(control) => <Input {...control} type="password" required autoComplete="current-password" />}
          </Field>
          <Button type="submit" disabled={isBusy}>
            Set up two-factor authentication
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p>1. Scan this QR code with an authenticator app (1Password, Google Authenticator, Aegis...), or type the key below into it.</p>
      <img
        src={setup.qrDataUrl}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="rounded-lg border border-ink-200"
      />
      <p className="text-sm">
        Key:{" "}
        <code className="break-all rounded bg-ink-100 px-1.5 py-0.5 font-mono" data-testid="totp-secret">
          {setup.secret}
        </code>
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
        <Field id="code" name="code" label="3. Enter the 6-digit code the app shows" error={fieldError}>
          {(control) => <Input {...control} required inputMode="numeric" autoComplete="one-time-code" maxLength={8} />}
        </Field>
        <Button type="submit" disabled={isBusy}>
          Turn on two-factor authentication
        </Button>
      </Form>
    </div>
  );
}
