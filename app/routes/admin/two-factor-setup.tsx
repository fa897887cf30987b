import { data, Form, redirect, useNavigation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/features/admin/components/auth-card";
import { TotpEnrolment } from "~/features/admin/components/totp-enrolment";
import { adminReturnPath } from "~/features/admin/return-path";
import { runEnrolmentStep, type EnrolmentView } from "~/features/admin/two-factor-enrolment.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/two-factor-setup";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

/**
 * Two-factor set-up at first sign-in (ADMIN_REQUIRE_TWO_FACTOR, on by
 * default): the one admin page an admin without two-factor may open. It shows
 * nothing but their own set-up; the page asked for comes after.
 */
export const meta: Route.MetaFunction = noindexMeta(
  "Set up two-factor sign-in",
  "Set up an authenticator app for the admin area.",
  "/admin/two-factor-setup",
);

function targetFrom(request: Request): string {
  return adminReturnPath(new URL(request.url).searchParams.get("redirectTo"));
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { allowWithoutTwoFactor: true });
  if (admin.twoFactorEnabled) throw redirect(targetFrom(request));
  return { email: admin.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { allowWithoutTwoFactor: true });
  const form = Object.fromEntries(await request.formData());
  const step = await runEnrolmentStep(form, { request, admin, clientIp: context.get(requestInfoContext).clientIp });
  if (step.status === "enabled") {
    return redirectWithToast(targetFrom(request), { type: "success", title: "Two-factor authentication is on" }, { headers: step.headers });
  }
  return data<EnrolmentView>(step.view, { status: step.httpStatus, headers: step.headers });
}

/** A post that fails on the way keeps the page and what was typed, and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (): EnrolmentView => ({ error: ADMIN_REQUEST_FAILED }));

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  return (
    <AuthCard
      title="Set up two-factor sign-in"
      description="Admins sign in with a password and a code from an authenticator app on their phone. The admin area opens once it is set up."
    >
      <FormAlert message={actionData?.error} />
      <TotpEnrolment
        setup={actionData?.setup}
        fieldError={actionData?.fieldError}
        isBusy={isBusy}
        intro={`Signed in as ${loaderData.email}. Confirm your password to start.`}
      />
      <Form method="post" action="/admin/sign-out" className="mt-6 border-t border-ink-200 pt-4">
        <Button type="submit" variant="outline" size="sm">
          Sign out
        </Button>
      </Form>
    </AuthCard>
  );
}
