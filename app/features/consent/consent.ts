/** The visitor's cookie choice (SPEC section 4, "Cookie consent"). */
export const CONSENT_VALUES = ["accepted", "declined"] as const;
export type Consent = (typeof CONSENT_VALUES)[number];

export function isConsent(value: unknown): value is Consent {
  return typeof value === "string" && (CONSENT_VALUES as readonly string[]).includes(value);
}
