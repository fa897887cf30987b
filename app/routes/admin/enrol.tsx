import { data, useNavigation } from "react-router";
import { requireSameOrigin } from "~/.server/admin-guard";
import { redirectWithToast } from "~/.server/toast";
import { AuthCard, AuthCardLink, FormAlert, NewPasswordForm } from "~/features/admin/components/auth-card";
import { INVALID_ENROLMENT_LINK_MESSAGE, redeemEnrolmentLink } from "~/features/admin/admin-enrolment.server";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { choosePasswordWithLink, invitedAccountOf } from "~/features/admin/invited-password.server";
import { resetPasswordSchema } from "~/features/admin/schema";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/enrol";

export const meta: Route.MetaFunction = noindexMeta("Admin enrolment", "Start setting up a new admin account.", "/admin/enrol");

const accepted = (headers: Headers, description: string) =>
  redirectWithToast("/admin/login", { type: "success", title: "Enrolment link accepted", description }, { headers });

/**
 * The enrolment link (decision 0186). One that `npm run admin:create` printed for an account with
 * a password is used up by opening it (it was printed on the operator's terminal, not mailed),
 * and lets this browser sign in with the password and set up two-factor. One mailed with a team
 * invitation belongs to an account without a password: opening it shows the form to choose one,
 * and only that form's post uses the link (docs/admin.md, "The team").
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const invited = await invitedAccountOf(token);
  if (invited) return { state: "choose-password" as const, email: invited.email, token, message: null };
  const result = await redeemEnrolmentLink(token, new Date(), url.origin);
  if (result.status === "accepted")
    return accepted(result.headers, "Sign in with your password within the hour, then set up two-factor sign-in.");
  return data({ state: "invalid" as const, email: null, token: "", message: INVALID_ENROLMENT_LINK_MESSAGE }, { status: 410 });
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data({ errors, message: errors.token ? INVALID_ENROLMENT_LINK_MESSAGE : null }, { status: 400 });
  }
  const headers = await choosePasswordWithLink(parsed.data.token, parsed.data.password, new URL(request.url).origin);
  if (!headers) return data({ errors: {}, message: INVALID_ENROLMENT_LINK_MESSAGE }, { status: 410 });
  return accepted(headers, "Your password is set. Sign in with it within the hour, then set up two-factor sign-in.");
}

/** A post that fails on the way keeps the page and what was typed, and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, () => ({ errors: {} as Record<string, string | undefined>, message: ADMIN_REQUEST_FAILED }));

export default function AdminEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (loaderData.state !== "choose-password") {
    return (
      <AuthCard title="Enrolment link">
        <FormAlert message={loaderData.message} />
        <AuthCardLink to="/admin/login" className="text-sm">
          Go to sign-in
        </AuthCardLink>
      </AuthCard>
    );
  }
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <AuthCard
      title="Choose your password"
      description={`For ${loaderData.email}: at least 12 characters. Then you sign in and set up two-factor sign-in.`}
    >
      <FormAlert message={actionData?.message} />
      <NewPasswordForm token={loaderData.token} errors={errors} busy={busy} label="Password" submitLabel="Set my password" />
    </AuthCard>
  );
}
