import { data, Form, useNavigation } from "react-router";
import { OutcomeNotice } from "~/components/outcome-notice";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { whileDatabaseAnswers } from "~/.server/page-errors";
import { requestInfoContext } from "~/.server/request-context";
import { visitFrom } from "~/features/analytics/record-conversion.server";
import { checkConfirmationToken, confirmSubscription, maskEmail } from "~/features/newsletter/confirm-subscription.server";
import { newsletterMessages } from "~/features/newsletter/schema";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter-confirm";

/**
 * /newsletter/confirm?token=: the link of the confirmation mail. Opening it
 * changes nothing (mail scanners open links); the button confirms (POST).
 */
/**
 * The URL carries a token: never cached, never sent to other sites as a referrer. (Not
 * "no-referrer": browsers then send `Origin: null` with the form POST, which React Router's
 * same-origin check refuses.)
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export const meta: Route.MetaFunction = noindexMeta(
  "Confirm your subscription",
  "Confirm your subscription to the daily AI news.",
  "/newsletter/confirm",
);

const INVALID = "This confirmation link is not valid. Please sign up again from the home page.";
const EXPIRED = "This confirmation link has expired. Please sign up again to get a new one.";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const check = await whileDatabaseAnswers(request, () => checkConfirmationToken(token));
  const headers = { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };
  if (check.status !== "valid")
    return data({ state: "error" as const, message: check.status === "expired" ? EXPIRED : INVALID }, { headers });
  return data(
    { state: check.alreadyConfirmed ? ("confirmed" as const) : ("ready" as const), message: null, email: maskEmail(check.email), token },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = form.get("token");
  const token = typeof field === "string" ? field : new URL(request.url).searchParams.get("token");
  const clientIp = context.get(requestInfoContext).clientIp;
  const result = await whileDatabaseAnswers(request, async () => confirmSubscription(token, { visit: await visitFrom(request, clientIp) }));
  if (result.status === "confirmed") return { state: "confirmed" as const, message: null, email: maskEmail(result.email) };
  return data({ state: "error" as const, message: result.status === "expired" ? EXPIRED : INVALID }, { status: 400 });
}

/** A confirmation whose post fails on the way keeps the button, with the failure message (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (form) => ({
    state: "ready" as const,
    message: newsletterMessages.confirmFailed,
    token: String(form.get("token") ?? ""),
  }));

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  // After a failed post the address shown is still the one the link named.
  const view = actionData?.state === "ready" ? { ...loaderData, ...actionData } : (actionData ?? loaderData);
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  return (
    <>
      <PageHeader eyebrow="Newsletter" title={view.state === "confirmed" ? "You're subscribed" : "Confirm your subscription"} />
      <div className="container-page max-w-2xl py-12">
        <Card>
          {view.state === "confirmed" ? (
            <OutcomeNotice ok title="Subscription confirmed." next={{ to: "/ai-news", label: "Read today's AI news" }}>
              <p className="text-ink-700">
                {"email" in view && view.email ? `${view.email} will` : "You will"} get the 5 top AI stories every morning at 8 AM UTC.
                Every e-mail has a one-click unsubscribe link.
              </p>
            </OutcomeNotice>
          ) : view.state === "ready" ? (
            <Form method="post" className="flex flex-col gap-4">
              <input type="hidden" name="token" value={"token" in view ? (view.token ?? "") : ""} />
              {view.message ? (
                <p role="alert" className="font-medium text-danger-700">
                  {view.message}
                </p>
              ) : null}
              <p className="text-ink-700">
                Press the button to confirm that {"email" in view && view.email ? view.email : "your address"} wants the daily AI news.
              </p>
              <div>
                <Button type="submit" variant="accent" size="lg" disabled={isSubmitting}>
                  {isSubmitting ? "Confirming..." : "Confirm subscription"}
                </Button>
              </div>
            </Form>
          ) : (
            <OutcomeNotice ok={false} title={view.message} next={{ to: "/#newsletter", label: "Go to the sign-up form" }} />
          )}
        </Card>
      </div>
    </>
  );
}
