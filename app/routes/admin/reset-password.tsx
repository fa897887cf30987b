import { data, Link, useNavigation } from "react-router";
import { requireSameOrigin } from "~/.server/admin-guard";
import { redirectWithToast } from "~/.server/toast";
import { AuthCard, AuthCardLink, FormAlert, NewPasswordForm } from "~/features/admin/components/auth-card";
import { resetPassword } from "~/features/admin/password-reset.server";
import { resetPasswordSchema } from "~/features/admin/schema";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta("Choose a new password", "Set a new admin password.", "/admin/reset-password");

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data({ errors, message: errors.token ? "This reset link is not valid." : null }, { status: 400 });
  }
  const result = await resetPassword({ token: parsed.data.token, newPassword: parsed.data.password });
  if (result.status === "reset") {
    return redirectWithToast("/admin/login", { type: "success", title: "Password changed. Sign in with your new password." });
  }
  if (result.status === "weak-password") return data({ errors: { password: result.message }, message: null }, { status: 400 });
  return data({ errors: {}, message: "This reset link has expired or was already used. Ask for a new one." }, { status: 400 });
}

/** A post that fails on the way keeps the page and what was typed, and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, () => ({ errors: {} as Record<string, string | undefined>, message: ADMIN_REQUEST_FAILED }));

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  if (!loaderData.token) {
    return (
      <AuthCard title="Choose a new password">
        <FormAlert message="This reset link is not valid." />
        <Link className="text-aurora-700 underline-offset-4 hover:underline" to="/admin/forgot-password">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <AuthCard title="Choose a new password" description="At least 12 characters. Signing in again is needed everywhere afterwards.">
      <FormAlert message={actionData?.message} />
      <NewPasswordForm token={loaderData.token} errors={errors} busy={isBusy} label="New password" submitLabel="Set new password" />
      {actionData?.message ? <AuthCardLink to="/admin/forgot-password">Ask for a new link</AuthCardLink> : null}
    </AuthCard>
  );
}
