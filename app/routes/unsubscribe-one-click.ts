import { redirect } from "react-router";
import { logger } from "~/.server/logger";
import { newsletterMessages } from "~/features/newsletter/schema";
import { unsubscribeFromNewsletter } from "~/features/newsletter/unsubscribe-from-newsletter.server";
import type { Route } from "./+types/unsubscribe-one-click";

const text = (status: number, body: string) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * POST /unsubscribe/one-click?token= (RFC 8058): the URL of every newsletter
 * mail's List-Unsubscribe header. Mail providers POST
 * `List-Unsubscribe=One-Click` here without cookies; the answer is 200 (no
 * redirect). The signed token alone authorises it.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return text(405, "Use POST.");
  const token = new URL(request.url).searchParams.get("token");
  try {
    const result = await unsubscribeFromNewsletter(token, "one-click");
    if (result.status === "invalid") return text(400, newsletterMessages.unsubscribeInvalid);
    return text(200, newsletterMessages.unsubscribeSuccess);
  } catch (error) {
    logger.error({ err: error }, "One-click unsubscribe failed");
    return text(500, newsletterMessages.unsubscribeFailed);
  }
}

/** A person who opens the URL in a browser gets the unsubscribe page. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
}
