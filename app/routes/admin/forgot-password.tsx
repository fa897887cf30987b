import { data, Form, useNavigation } from "react-router";
import { requireSameOrigin } from "~/.server/admin-guard";
import { AppError, answerAppError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AuthCard, FormAlert, AuthCardLink } from "~/features/admin/components/auth-card";
import { requestPasswordReset } from "~/features/admin/password-reset.server";
import { RESET_REQUESTED_MESSAGE, resetRequestSchema } from "~/features/admin/schema";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export const meta: Route.MetaFunction = noindexMeta(
  "Reset password",
  "Get a link to choose a new admin password.",
  "/admin/forgot-password",
);

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const parsed = resetRequestSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0]?.message, message: null }, { status: 400 });
  try {
    await requestPasswordReset({ email: parsed.data.email, clientIp: context.get(requestInfoContext).clientIp });
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      return data({ sent: false, error: null, message: error.message }, answerAppError(error));
    }
    throw error;
  }
  return { sent: true, error: null, message: null };
}

/** A post that fails on the way keeps the page and the address, and says so (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, () => ({ sent: false, error: null, message: ADMIN_REQUEST_FAILED }));

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  if (actionData?.sent) {
    return (
      <AuthCard title="Check your e-mail">
        <p role="status">{RESET_REQUESTED_MESSAGE}</p>
        <AuthCardLink to="/admin/login">Back to sign-in</AuthCardLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset password"
      description="Enter the e-mail of your admin account. We will send you a link to choose a new password."
    >
      <FormAlert message={actionData?.message} />
      <Form method="post" className="flex flex-col gap-5">
        <Field id="email" name="email" label="E-mail" error={actionData?.error}>
          {(control) => <Input {...control} type="email" required maxLength={255} autoComplete="username" />}
        </Field>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <AuthCardLink to="/admin/login">Back to sign-in</AuthCardLink>
    </AuthCard>
  );
}
