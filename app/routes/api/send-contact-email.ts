import { answerApi, ApiError, jsonOk, postOnly, readJsonBody, requireMethod } from "~/.server/api";
import { checkFormTraps } from "~/.server/form-traps";
import { requestInfoContext } from "~/.server/request-context";
import { visitFrom } from "~/features/analytics/record-conversion.server";
import { HONEYPOT_FIELD, parseContactRequest, STARTED_AT_FIELD } from "~/features/forms/schema";
import { submitForm } from "~/features/forms/submit-form.server";
import type { Route } from "./+types/send-contact-email";

/** Bodies are small: two 5,000-character answers plus the short fields. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * POST /api/send-contact-email: `{ source: "apply" | "mentoring" | "contact",
 * ...that form's fields, disclaimerAccepted: true }` -> `{ success: true }`, or
 * `{ error }` with the first validation message. Same storage and mail path as
 * the pages' forms.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const body = await readJsonBody(request, MAX_BODY_BYTES);
    const parsed = parseContactRequest(body);
    if (!parsed.success) throw new ApiError(400, parsed.error);
    const { clientIp } = context.get(requestInfoContext);

    // The start time is optional here (API callers have no page), but honoured when sent; a
    // submission that trips a trap is held for review with the same answer (docs/mail-and-forms.md).
    const fields = body as Record<string, unknown>;
    const traps = checkFormTraps({ honeypot: fields[HONEYPOT_FIELD], startToken: fields[STARTED_AT_FIELD] }, { requireToken: false });
    await submitForm({
      source: parsed.source,
      values: parsed.values,
      clientIp,
      userAgent: request.headers.get("User-Agent"),
      traps,
      visit: await visitFrom(request, clientIp),
    });
    return jsonOk({ success: true });
  });
}

export const loader = postOnly;
