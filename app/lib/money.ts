/**
 * An amount stored in minor units (cents, øre) as the currency writes it: "12500.00" for
 * 1 250 000 NOK øre, "1200" for 1 200 yen. No grouping, so spreadsheets read it as a number.
 * An unknown ISO 4217 code (the database checks only its form) gets two decimals.
 */
export function majorUnits(minor: number, currency: string): string {
  let digits: number;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  return (minor / 10 ** digits).toFixed(digits);
}
