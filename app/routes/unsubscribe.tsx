import { useEffect, useRef } from "react";
import { data, Form, useFetcher } from "react-router";
import { OutcomeNotice } from "~/components/outcome-notice";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { answerError } from "~/.server/errors";
import { newsletterMessages } from "~/features/newsletter/schema";
import { verifyNewsletterToken } from "~/features/newsletter/token.server";
import { unsubscribeFromNewsletter } from "~/features/newsletter/unsubscribe-from-newsletter.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

/**
 * The URL carries a token: never cached, never sent to other sites as a referrer. (Not
 * "no-referrer": browsers then send `Origin: null` with the form POST, which React Router's
 * same-origin check refuses.)
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Unsubscribe",
    description: "Unsubscribe from the Nordlys Studio daily AI news e-mail.",
    path: "/unsubscribe",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

type View = { state: "ready"; token: string } | { state: "success" } | { state: "error"; message: string };

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

/**
 * /unsubscribe?token=: the product's page. The token is checked on GET, but only a
 * POST unsubscribes: with JavaScript the page posts by itself at once
 * ('Processing...'); without, it shows a button. Link scanners that only
 * open URLs unsubscribe nobody.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const view: View = verifyNewsletterToken("unsubscribe", token)
    ? { state: "ready", token: token! }
    : { state: "error", message: newsletterMessages.unsubscribeInvalid };
  return data(view, { headers: noStore });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const field = form.get("token");
  const token = typeof field === "string" ? field : new URL(request.url).searchParams.get("token");
  try {
    const result = await unsubscribeFromNewsletter(token, "page");
    if (result.status === "invalid") {
      return data<View>({ state: "error", message: newsletterMessages.unsubscribeInvalid }, { status: 400, headers: noStore });
    }
    return data<View>({ state: "success" }, { headers: noStore });
  } catch (error) {
    const { status, headers, body } = answerError(error, request, { internal: newsletterMessages.unsubscribeFailed });
    return data<View>({ state: "error", message: body.error }, { status, headers: { ...noStore, ...headers } });
  }
}

/** A post that fails on the way says 'Failed to unsubscribe...' on the page (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (): View => ({ state: "error", message: newsletterMessages.unsubscribeFailed }));

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const started = useRef(false);
  const view: View = fetcher.data ?? actionData ?? loaderData;
  const readyToken = loaderData.state === "ready" ? loaderData.token : null;

  useEffect(() => {
    if (!readyToken || actionData || started.current) return;
    started.current = true;
    void fetcher.submit({ token: readyToken }, { method: "post" });
  }, [readyToken, actionData, fetcher]);

  return (
    <>
      <PageHeader eyebrow="Newsletter" title={view.state === "success" ? "Unsubscribed" : "Unsubscribe"} />
      <div className="container-page max-w-2xl py-12">
        <Card>
          {view.state === "success" ? (
            <OutcomeNotice ok title={newsletterMessages.unsubscribeSuccess} next={{ to: "/", label: "Return to the homepage" }}>
              <p className="text-ink-700">
                You will not get the daily AI news any more. Changed your mind? Sign up again on the home page: a new confirmation link goes
                out at most once an hour, and the form says when.
              </p>
            </OutcomeNotice>
          ) : view.state === "error" ? (
            <OutcomeNotice ok={false} title={view.message} next={{ to: "/", label: "Return to the homepage" }}>
              {readyToken ? (
                // The link was good: what failed was the request, so it can be tried again (without JavaScript too).
                <fetcher.Form method="post">
                  <input type="hidden" name="token" value={readyToken} />
                  <Button type="submit" variant="primary" disabled={fetcher.state !== "idle"}>
                    Try again
                  </Button>
                </fetcher.Form>
              ) : null}
            </OutcomeNotice>
          ) : (
            <div className="flex flex-col gap-4">
              <p role="status" className="text-lg font-medium">
                Processing...
              </p>
              <noscript>
                <Form method="post" className="flex flex-col gap-3">
                  <input type="hidden" name="token" value={view.token} />
                  <p className="text-ink-700">Press the button to stop the daily AI news e-mails.</p>
                  <div>
                    <Button type="submit" variant="primary">
                      Unsubscribe
                    </Button>
                  </div>
                </Form>
              </noscript>
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
