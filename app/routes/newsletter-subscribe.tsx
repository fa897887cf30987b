import { data } from "react-router";
import { PageHeader } from "~/components/page-header";
import { answerError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
import { NewsletterSignup } from "~/features/newsletter/components/newsletter-signup";
import { visitFrom } from "~/features/analytics/record-conversion.server";
import { handleSignup, SIGNUP_ERROR_MESSAGES, SIGNUP_HONEYPOT } from "~/features/newsletter/signup.server";
import { newsletterMessages } from "~/features/newsletter/schema";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter-subscribe";

/**
 * /newsletter/subscribe: the sign-up card's route action (its fetcher with
 * JavaScript, a plain form post without: then the answer is this page, with the
 * confirmation panel or the form with the error). POST /api/newsletter-subscribe
 * is the JSON API over the same operation (handleSignup).
 */
export const meta: Route.MetaFunction = noindexMeta(
  "Subscribe to the daily AI news",
  "The 5 top AI stories in your inbox every morning at 8 AM UTC. Free.",
  "/newsletter/subscribe",
);

export function loader({ request }: Route.LoaderArgs) {
  const source = new URL(request.url).searchParams.get("source");
  return { variant: source === "ai-news" ? ("ai-news" as const) : ("home" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (Number(request.headers.get("Content-Length") ?? 0) > 8 * 1024) {
    return data(
      { result: { outcome: "error" as const, message: "Your request is too large." }, variant: "home" as const },
      { status: 413 },
    );
  }
  const form = await request.formData();
  const variant = form.get("source") === "ai-news" ? ("ai-news" as const) : ("home" as const);
  const email = form.get("email");
  const kept = typeof email === "string" ? email.slice(0, 300) : "";
  try {
    const answer = await handleSignup({
      fields: { email },
      source: variant,
      clientIp: context.get(requestInfoContext).clientIp,
      visit: await visitFrom(request, context.get(requestInfoContext).clientIp),
      honeypot: form.get(SIGNUP_HONEYPOT),
    });
    return data({ result: { ...answer, email: kept }, variant });
  } catch (error) {
    const { status, headers, body } = answerError(error, request, SIGNUP_ERROR_MESSAGES);
    const outcome = body.tryLater ? ("try-later" as const) : ("error" as const);
    return data({ result: { outcome, message: body.error, email: kept }, variant }, { status, headers });
  }
}

/**
 * A sign-up that fails on the way (offline, a proxy's error page) is the product's "exception"
 * answer, 'Failed to subscribe. Please try again later.': the card shows it as a toast and
 * keeps the address (docs/decisions/0177).
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (form) => {
    const email = form.get("email");
    return {
      result: {
        outcome: "error" as const,
        message: newsletterMessages.failedLater,
        email: typeof email === "string" ? email.slice(0, 300) : "",
      },
      variant: form.get("source") === "ai-news" ? ("ai-news" as const) : ("home" as const),
    };
  });

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const variant = actionData?.variant ?? loaderData.variant;
  return (
    <>
      <PageHeader eyebrow="Newsletter" title="Daily AI news">
        <p>Every morning at 8 AM UTC: the 5 top AI stories of the day, each with a short summary and a link to the source.</p>
      </PageHeader>
      <div className="container-page max-w-3xl py-12">
        <NewsletterSignup key={JSON.stringify(actionData?.result ?? null)} variant={variant} serverResult={actionData?.result ?? null} />
      </div>
    </>
  );
}
