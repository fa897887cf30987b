import { answerApi, jsonOk, postOnly, readJsonBody, requireMethod } from "~/.server/api";
import { requestInfoContext } from "~/.server/request-context";
import { visitFrom } from "~/features/analytics/record-conversion.server";
import { handleSignup, SIGNUP_ERROR_MESSAGES, SIGNUP_HONEYPOT } from "~/features/newsletter/signup.server";
import type { Route } from "./+types/newsletter-subscribe";

/**
 * POST /api/newsletter-subscribe `{ email, source?: "home" | "ai-news" }` -> `{ success: true, message }`
 * (the message contains "already subscribed" for a confirmed address), or
 * an error (docs/product.md, "Errors") with 400 (validation), 429 (rate limit, or no confirmation
 * mail can go to the address yet: the error says when to try again, `tryLater: true`) or 5xx.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApi(
    request,
    async () => {
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
      return jsonOk({ success: true, message: answer.message });
    },
    SIGNUP_ERROR_MESSAGES,
  );
}

export const loader = postOnly;
