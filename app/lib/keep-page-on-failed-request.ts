import { data } from "react-router";

/**
 * The one way a page survives a post that fails on the way (docs/decisions/0177): offline, an
 * aborted request, a proxy's HTML 502 in place of React Router's answer. Without this, React
 * Router throws the failure to the root error boundary and the whole page, with what the
 * visitor typed, becomes "Something went wrong".
 *
 * A route with forms exports
 *
 *     export const clientAction = (args: Route.ClientActionArgs) =>
 *       keepPageOnFailedRequest(args, (form) => ({ ...the action's failure answer }));
 *
 * The route's server action runs as before; if its request fails, the page gets `failure(form)`
 * as its action data (or the fetcher's data) instead, in the shape the page already shows for a
 * failure, with the product's failure message. The answer carries status 503, so React Router
 * does not load the page's data again (that request would fail the same way and take the page).
 *
 * What passes through unchanged: the server action's own answers, errors included (the server
 * says what happened, e.g. a 503 with its "try again" message), and redirects. Without
 * JavaScript none of this runs: the browser posts the form and shows the server's answer.
 */
export async function keepPageOnFailedRequest<Answer, Failure extends object>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<Answer> },
  failure: (form: FormData) => Failure,
) {
  // Read before the server action sends the body (a body can be read once).
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (a Response) is the server's answer, not a failure.
    if (error instanceof Response) throw error;
    return data({ ...failure(form), requestFailed: true as const }, { status: FAILED_REQUEST_STATUS });
  }
}

/** What the failure answer is marked with (a page that shows any failure the same way looks for it). */
export type FailedRequestAnswer = { requestFailed: true };

export function isFailedRequestAnswer(value: unknown): value is FailedRequestAnswer {
  return typeof value === "object" && value !== null && (value as { requestFailed?: unknown }).requestFailed === true;
}

/** 5xx: React Router skips loading the page's data again after an action that answered with an error status. */
const FAILED_REQUEST_STATUS = 503;
