import { createCookie } from "react-router";
import { isConsent, type Consent } from "./consent";

/**
 * The choice is kept in a first-party cookie rather than localStorage so that
 * the server renders the page with or without the banner: no flash, no layout
 * shift, and the banner works without JavaScript (docs/decisions/0006).
 */
export const consentCookie = createCookie("cookie_consent", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readConsent(request: Request): Promise<Consent | null> {
  const value: unknown = await consentCookie.parse(request.headers.get("Cookie"));
  return isConsent(value) ? value : null;
}

export async function serializeConsent(consent: Consent, secure: boolean): Promise<string> {
  return consentCookie.serialize(consent, { secure });
}
