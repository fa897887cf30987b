/** The visitor's cookie choice (docs/product.md#site-shell, "Cookie consent"). */
export const CONSENT_VALUES = ["accepted", "declined"] as const;
export type Consent = (typeof CONSENT_VALUES)[number];

/** The first-party cookie that keeps the choice (docs/decisions/0006), readable by scripts. */
export const CONSENT_COOKIE = "cookie_consent";

export function isConsent(value: unknown): value is Consent {
  return typeof value === "string" && (CONSENT_VALUES as readonly string[]).includes(value);
}
