import { parse } from "@conform-to/react";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { formDefinitions, STARTED_AT_FIELD, type FormSource } from "./definitions";

/**
 * The `clientAction` of /apply, /mentoring and /contact: a post that fails on the way (offline,
 * a proxy's error page) answers like the action's own failure: Conform's result with what was
 * typed and the form's failure message ('Failed to send application'...), the toast, and the
 * form's first start time (docs/decisions/0177).
 */
export function keepFormOnFailedRequest<Answer>(source: FormSource, args: { request: Request; serverAction: () => Promise<Answer> }) {
  const message = formDefinitions[source].failure;
  return keepPageOnFailedRequest(args, (form) => {
    const startToken = form.get(STARTED_AT_FIELD);
    return {
      result: parse(form, { resolve: (value) => ({ value }) }).reply({ formErrors: [message] }),
      outcome: "error" as const,
      message,
      startToken: typeof startToken === "string" ? startToken : null,
    };
  });
}
