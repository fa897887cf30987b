import { data, Form, redirect, useNavigation } from "react-router";
import { getAdminAccess, requireSameOrigin, TWO_FACTOR_SETUP_PATH } from "~/.server/admin-guard";
import { getEnv } from "~/.server/env";
import { AppError, answerAppError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
import { clearToastHeader, redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AuthCard, FormAlert, AuthCardLink } from "~/features/admin/components/auth-card";
import { adminReturnPath } from "~/features/admin/return-path";
import { CODE_REQUIRED_MESSAGE, enrolmentOpenedElsewhere } from "~/features/admin/rate-limits";
import { ENROLMENT_LINK_REQUIRED_MESSAGE } from "~/features/admin/admin-enrolment.server";
import { secondFactorSchema, signInSchema } from "~/features/admin/schema";
import { signInWithPassword } from "~/features/admin/sign-in-with-password.server";
import { verifySecondFactor } from "~/features/admin/verify-second-factor.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/login";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta("Admin sign-in", "Sign in to the studio's admin area.", "/admin/login");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = adminReturnPath(url.searchParams.get("redirectTo"));
  const access = await getAdminAccess(request);
  if (access.status === "admin") throw redirect(redirectTo);
  return {
    step: url.searchParams.get("step") === "code" ? ("code" as const) : ("password" as const),
    method: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const),
    redirectTo,
  };
}

type ActionData = {
  step: "password" | "code";
  message?: string;
  errors?: Record<string, string | undefined>;
  email?: string;
  method?: "totp" | "backup";
  /** The account is under attack: the password form asks for a code as well. */
  codeRequired?: boolean;
  /** The enrolment link was opened on another address of this server: sign in there. */
  openedAt?: string;
};

/** The session's cookies, and the pending toast dropped: 'Please log in...' is stale once signed in. */
async function signedInHeaders(sessionHeaders: HeadersInit | undefined): Promise<Headers> {
  const headers = new Headers(sessionHeaders);
  headers.append("Set-Cookie", await clearToastHeader());
  return headers;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const form = Object.fromEntries(await request.formData());
  const clientIp = context.get(requestInfoContext).clientIp;
  try {
    if (form.intent === "code") {
      const parsed = secondFactorSchema.safeParse(form);
      if (!parsed.success) {
        const errors = { code: parsed.error.issues[0]?.message };
        return data<ActionData>({ step: "code", errors, method: form.method === "backup" ? "backup" : "totp" }, { status: 400 });
      }
      const result = await verifySecondFactor({ ...parsed.data, request, clientIp });
      if (result.status === "signed-in")
        return redirect(adminReturnPath(parsed.data.redirectTo), { headers: await signedInHeaders(result.headers) });
      if (result.status === "restart") {
        return redirectWithToast(
          "/admin/login",
          { type: "error", title: "Your sign-in expired. Please sign in again." },
          { headers: result.headers },
        );
      }
      const message =
        result.status === "locked"
          ? "Too many wrong codes: this account is locked for 15 minutes."
          : parsed.data.method === "backup"
            ? "That backup code is not valid."
            : "That code is not valid. Check your authenticator app and try again.";
      return data<ActionData>({ step: "code", message, method: parsed.data.method }, { status: result.status === "locked" ? 429 : 400 });
    }

    const parsed = signInSchema.safeParse(form);
    const email = typeof form.email === "string" ? form.email : "";
    const withCode = form.withCode === "1";
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return data<ActionData>({ step: "password", errors, email, codeRequired: withCode }, { status: 400 });
    }
    const result = await signInWithPassword({ ...parsed.data, request, clientIp });
    const target = adminReturnPath(parsed.data.redirectTo);
    if (result.status === "signed-in") {
      const setUp = !result.twoFactorEnabled && getEnv().ADMIN_REQUIRE_TWO_FACTOR;
      return redirect(setUp ? `${TWO_FACTOR_SETUP_PATH}?redirectTo=${encodeURIComponent(target)}` : target, {
        headers: await signedInHeaders(result.headers),
      });
    }
    if (result.status === "two-factor") {
      return redirect(`/admin/login?step=code&redirectTo=${encodeURIComponent(target)}`, { headers: result.headers });
    }
    if (result.status === "code-required") {
      return data<ActionData>(
        { step: "password", message: CODE_REQUIRED_MESSAGE, email, codeRequired: true },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    if (result.status === "enrolment-link-required") {
      const message = result.openedAt ? enrolmentOpenedElsewhere(result.openedAt) : ENROLMENT_LINK_REQUIRED_MESSAGE;
      return data<ActionData>({ step: "password", message, email, openedAt: result.openedAt ?? undefined }, { status: 403 });
    }
    const message = parsed.data.code ? "Invalid e-mail, password or code." : "Invalid e-mail or password.";
    return data<ActionData>({ step: "password", message, email, codeRequired: withCode }, { status: 401 });
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      const step = form.intent === "code" ? "code" : "password";
      return data<ActionData>(
        { step, message: error.message, email: typeof form.email === "string" ? form.email : "" },
        answerAppError(error),
      );
    }
    throw error;
  }
}

/** A post that fails on the way keeps the step and what was typed, and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (form): ActionData => ({
    step: form.get("intent") === "code" ? "code" : "password",
    message: ADMIN_REQUEST_FAILED,
    email: typeof form.get("email") === "string" ? String(form.get("email")) : undefined,
    method: form.get("method") === "backup" ? "backup" : "totp",
    codeRequired: form.get("withCode") === "1",
  }));

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isBusy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const step = actionData?.step ?? loaderData.step;

  if (step === "code") {
    const method = actionData?.method ?? loaderData.method;
    return (
      <AuthCard
        title="Two-factor code"
        description={
          method === "backup"
            ? "Enter one of your backup codes. Each code works once."
            : "Enter the 6-digit code from your authenticator app."
        }
      >
        <FormAlert message={actionData?.message} />
        <Form method="post" className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="method" value={method} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <Field id="code" name="code" label={method === "backup" ? "Backup code" : "Authentication code"} error={actionData?.errors?.code}>
            {(control) => (
              <Input
                {...control}
                required
                autoComplete="one-time-code"
                inputMode={method === "backup" ? "text" : "numeric"}
                maxLength={32}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the only field of this step
                autoFocus
              />
            )}
          </Field>
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Checking..." : "Verify"}
          </Button>
        </Form>
        <AuthCardLink
          to={`/admin/login?step=code&method=${method === "backup" ? "totp" : "backup"}&redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
        >
          {method === "backup" ? "Use your authenticator app instead" : "Use a backup code instead"}
        </AuthCardLink>
        <AuthCardLink to="/admin/login" className="mt-2 text-sm">
          Start over
        </AuthCardLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" description="For studio admins. Ask an admin for an account.">
      <FormAlert message={actionData?.message} />
      {actionData?.openedAt ? (
        <p className="mb-4 text-sm">
          <a className="font-medium text-aurora-700 underline underline-offset-4" href={`${actionData.openedAt}/admin/login`}>
            Sign in at {actionData.openedAt}
          </a>
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-5">
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field id="email" name="email" label="E-mail" error={actionData?.errors?.email}>
          {(control) => (
            <Input {...control} type="email" required maxLength={255} autoComplete="username" defaultValue={actionData?.email ?? ""} />
          )}
        </Field>
        <Field id="password" name="password" label="Password" error={actionData?.errors?.password}>
          {(control) => <Input {...control} type="password" required maxLength={200} autoComplete="current-password" />}
        </Field>
        {actionData?.codeRequired ? (
          <>
            <input type="hidden" name="withCode" value="1" />
            <Field id="code" name="code" label="Authentication code (or a backup code)" error={actionData.errors?.code}>
              {(control) => (
                // eslint-disable-next-line jsx-a11y/no-autofocus -- appears with the alert; the one field left to fill
                <Input {...control} required autoComplete="one-time-code" maxLength={32} autoFocus />
              )}
            </Field>
          </>
        ) : null}
        <Button type="submit" disabled={isBusy}>
          {isBusy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      <AuthCardLink to="/admin/forgot-password">Forgot your password?</AuthCardLink>
    </AuthCard>
  );
}
