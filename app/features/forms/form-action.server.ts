import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { answerError } from "~/.server/errors";
import { createFormStartToken } from "~/.server/form-traps";
import { UNAVAILABLE_MESSAGE } from "~/.server/page-errors";
import { requestInfoContext } from "~/.server/request-context";
import { formDefinitions, formSchemas, HONEYPOT_FIELD, STARTED_AT_FIELD, type FormSource } from "./schema";
import { receiveForm } from "./submit-form.server";

export { UNAVAILABLE_MESSAGE };

/**
 * What the page's loader gives the form: a fresh signed start time for the
 * fill-time check, and the fields' HTML constraints (required, maxlength...)
 * from the schema, so the browser renders them without loading zod.
 */
export function formLoaderData(source: FormSource) {
  return { startToken: createFormStartToken(), constraint: getZodConstraint(formSchemas[source]) };
}

/**
 * The action of /apply, /mentoring and /contact. Answers with Conform's
 * submission result (inline errors, or a reset on success) plus the toast text:
 * the same answer whether the browser ran JavaScript or posted the page.
 */
export async function handleFormAction(source: FormSource, request: Request, context: Readonly<RouterContextProvider>) {
  const definition = formDefinitions[source];
  // The request boundary has capped and cleaned the body already (server/body-guard.ts).
  const formData = await request.formData();
  const { clientIp } = context.get(requestInfoContext);

  const startToken = formData.get(STARTED_AT_FIELD);
  // The form keeps its first start time across corrections (a fresh one would make a quick fix look like a bot).
  const keptToken = typeof startToken === "string" ? startToken : null;

  // Invalid input is answered first: it stores nothing, so bots gain nothing from the errors.
  const submission = parseWithZod(formData, { schema: formSchemas[source] });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), outcome: "invalid" as const, message: null, startToken: keptToken }, { status: 400 });
  }
  try {
    await receiveForm({
      source,
      values: submission.value,
      request,
      clientIp,
      trapFields: { honeypot: formData.get(HONEYPOT_FIELD), startToken },
      requireToken: true,
    });
    return data({
      result: submission.reply({ resetForm: true }),
      outcome: "success" as const,
      message: definition.success,
      startToken: null,
    });
  } catch (error) {
    const { status, headers, body } = answerError(error, request, { internal: definition.failure });
    return data(
      {
        result: submission.reply({ formErrors: [body.error], ...(body.fields ? { fieldErrors: asFieldErrors(body.fields) } : {}) }),
        outcome: "error" as const,
        message: body.error,
        startToken: keptToken,
      },
      { status, headers },
    );
  }
}

/** An error's fields as Conform's field errors (a list of messages per field). */
export function asFieldErrors(fields: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, [message]]));
}

export type FormActionData = Awaited<ReturnType<typeof handleFormAction>>["data"];
