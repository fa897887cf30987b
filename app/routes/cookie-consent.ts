import { data, redirect } from "react-router";
import { clearVisitorCookie } from "~/features/analytics/visitor-cookie.server";
import { isConsent } from "~/features/consent/consent";
import { serializeConsent } from "~/features/consent/consent.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/cookie-consent";

/** Stores the cookie choice. JavaScript posts it with a fetcher; without JavaScript the form posts and comes back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("choice");
  if (!isConsent(choice)) {
    return data({ error: "Choose accepted or declined." }, { status: 400 });
  }
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  headers.append("Set-Cookie", serializeConsent(choice, secure));
  // Declining removes the analytics cookie at once (docs/analytics.md).
  if (choice === "declined") headers.append("Set-Cookie", await clearVisitorCookie());
  if (form.get("js") === "1") return data({ consent: choice }, { headers });
  return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers });
}

/**
 * With JavaScript the banner has already gone when the post leaves: a post that fails on the
 * way leaves the page as it is (no choice stored; the banner comes back on the next page).
 */
export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ consent: null }));

export function loader() {
  return redirect("/cookie-policy");
}
