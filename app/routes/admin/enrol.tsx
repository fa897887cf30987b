import { data } from "react-router";
import { redirectWithToast } from "~/.server/toast";
import { AuthCard, FormAlert, AuthCardLink } from "~/features/admin/components/auth-card";
import { INVALID_ENROLMENT_LINK_MESSAGE, redeemEnrolmentLink } from "~/features/admin/admin-enrolment.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/enrol";

export const meta: Route.MetaFunction = noindexMeta("Admin enrolment", "Start setting up a new admin account.", "/admin/enrol");

/**
 * The enrolment link that `npm run admin:create` prints (decision 0186). Opening it
 * uses it up and lets this browser sign in with the password and set up two-factor.
 * It is printed on the operator's terminal, not mailed, so no link scanner opens it first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await redeemEnrolmentLink(token, new Date(), new URL(request.url).origin);
  if (result.status === "accepted") {
    return redirectWithToast(
      "/admin/login",
      {
        type: "success",
        title: "Enrolment link accepted",
        description: "Sign in with your password within the hour, then set up two-factor sign-in.",
      },
      { headers: result.headers },
    );
  }
  return data({ message: INVALID_ENROLMENT_LINK_MESSAGE }, { status: 410 });
}

export default function AdminEnrol({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Enrolment link">
      <FormAlert message={loaderData.message} />
      <AuthCardLink to="/admin/login" className="text-sm">
        Go to sign-in
      </AuthCardLink>
    </AuthCard>
  );
}
