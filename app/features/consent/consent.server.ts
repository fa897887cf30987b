import { readCookie } from "~/lib/cookies";
import { CONSENT_COOKIE, isConsent, type Consent } from "./consent";

/**
 * The choice is kept in a plain first-party cookie (`cookie_consent=accepted`),
 * readable by scripts: pages are the same for every visitor, and a script in
 * their <head> reads the cookie to show the banner or the settings button
 * (features/consent/components/cookie-banner.tsx, docs/decisions/0006 and 0120).
 */
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The choice in a Cookie header (the analytics beacon and conversions read it on the server). */
export function readConsentFromCookieHeader(header: string | null | undefined): Consent | null {
  const value = readCookie(header, CONSENT_COOKIE);
  return isConsent(value) ? value : null;
}

export function serializeConsent(consent: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consent}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The stylesheet a page links inside `<noscript>` (root.tsx), so only browsers that run no
 * JavaScript ask for it. Pages are the same bytes for everyone (decision 0120) and, with
 * JavaScript, a script reads the cookie; without, this small per-visitor answer does: it hides
 * the banner once a choice is stored, and always hides the controls that need a script (the
 * chat launcher, the cookie settings button). Decision 0177.
 */
export function noScriptStylesheet(cookieHeader: string | null): string {
  const rules = ["[data-requires-script]{display:none!important}"];
  if (readConsentFromCookieHeader(cookieHeader)) rules.push('[data-consent-gate="undecided"]{display:none!important}');
  return `${rules.join("\n")}\n`;
}
