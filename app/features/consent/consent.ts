/** The visitor's cookie choice (SPEC section 4, "Cookie consent"). */
export const CONSENT_VALUES = ["accepted", "declined"] as const;
export type Consent = (typeof CONSENT_VALUES)[number];

/** The first-party cookie that keeps the choice (docs/decisions/0006), readable by scripts. */
export const CONSENT_COOKIE = "cookie_consent";

export function isConsent(value: unknown): value is Consent {
  return typeof value === "string" && (CONSENT_VALUES as readonly string[]).includes(value);
}

/** The stored choice in a Cookie header or `document.cookie`; null when there is none. */
export function readConsentCookie(cookies: string | null | undefined): Consent | null {
  for (const part of (cookies ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CONSENT_COOKIE && isConsent(value)) return value;
  }
  return null;
}
