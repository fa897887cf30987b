import { answerApi, jsonError, jsonOk, postOnly, readJsonBody, requireMethod } from "~/.server/api";
import { requestInfoContext } from "~/.server/request-context";
import { visitFrom } from "~/features/analytics/record-conversion.server";
import { handleSignup, SIGNUP_HONEYPOT } from "~/features/newsletter/signup.server";
import type { Route } from "./+types/newsletter-subscribe";

/**
 * POST /api/newsletter-subscribe `{ email, source?: "home" | "ai-news" }` -> `{ success: true, message }`
 * (the message contains "already subscribed" for a confirmed address), or
 * `{ error }` with 400 (validation), 429 (rate limit, or no confirmation mail can go to the
 * address yet: the error says when to try again) or 5xx.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const body = await readJsonBody(request);
    const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const answer = await handleSignup({
      fields: body,
      // The site's own forms say where they are; other callers count as "api".
      source: fields.source === "home" || fields.source === "ai-news" ? fields.source : "api",
      clientIp: context.get(requestInfoContext).clientIp,
      visit: await visitFrom(request, context.get(requestInfoContext).clientIp),
      honeypot: fields[SIGNUP_HONEYPOT],
    });
    // "try-later" (no confirmation mail can go to the address yet) is a 429 with Retry-After: the message says when.
    if (answer.body.outcome === "error" || answer.body.outcome === "try-later")
      return jsonError(answer.status, answer.body.message, answer.headers);
    return jsonOk({ success: true, message: answer.body.message });
  });
}

export const loader = postOnly;
