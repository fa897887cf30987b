import { answerApi, jsonOk, postOnly, readJsonBody, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
import { HONEYPOT_FIELD, parseContactRequest, STARTED_AT_FIELD } from "~/features/forms/schema";
import { receiveForm } from "~/features/forms/submit-form.server";
import type { Route } from "./+types/send-contact-email";

/**
 * POST /api/send-contact-email: `{ source: "apply" | "mentoring" | "contact",
 * ...that form's fields, disclaimerAccepted: true }` -> `{ success: true }`, or
 * `{ error }` with the first validation message. The same operation as the pages' forms
 * (`receiveForm`), with the same traps: a post without the start time the page rendered
 * (`formStartedAt`), or with an expired or already used one, is stored and held for review
 * with the same answer (docs/mail-and-forms.md, decision 0178).
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const body = await readJsonBody(request);
    const parsed = parseContactRequest(body);
    if (!parsed.success) throw new AppError("invalid", parsed.error);
    const fields = body as Record<string, unknown>;
    await receiveForm({
      source: parsed.source,
      values: parsed.values,
      request,
      clientIp: context.get(requestInfoContext).clientIp,
      trapFields: { honeypot: fields[HONEYPOT_FIELD], startToken: fields[STARTED_AT_FIELD] },
      requireToken: true,
    });
    return jsonOk({ success: true });
  });
}

export const loader = postOnly;
