import { isConsent, type Consent } from "./consent";

/**
 * The choice is kept in a plain first-party cookie (`cookie_consent=accepted`)
 * rather than localStorage, so that the server renders the page with or
 * without the banner: no flash, no layout shift, and the banner works without
 * JavaScript (docs/decisions/0006).
 */
const COOKIE_NAME = "cookie_consent";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function readConsent(request: Request): Consent | null {
  return readConsentFromCookieHeader(request.headers.get("Cookie"));
}

/** The choice in a Cookie header (the beacon endpoint has the header, not a Request). */
export function readConsentFromCookieHeader(header: string | null | undefined): Consent | null {
  for (const part of (header ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === COOKIE_NAME && isConsent(value)) return value;
  }
  return null;
}

export function serializeConsent(consent: Consent, secure: boolean): string {
  return `${COOKIE_NAME}=${consent}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
