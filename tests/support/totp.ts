import * as OTPAuth from "otpauth";

/**
 * TOTP codes for tests, as an authenticator app makes them. The server takes
 * each 30-second step once per account and accepts one step either side of
 * its clock, so each call answers a code for a later step than the last one
 * handed out for that secret: the current step or the next one, or, when
 * both were used already, after waiting for the clock to reach it.
 */
const lastStepBySecret = new Map<string, number>();

export function totpFromSecret(base32Secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(base32Secret), digits: 6, period: 30 });
}

export function totpFromUri(uri: string): OTPAuth.TOTP {
  return OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
}

export async function freshTotpCode(totp: OTPAuth.TOTP): Promise<string> {
  const key = totp.secret.base32;
  const periodMs = totp.period * 1000;
  for (;;) {
    const current = totp.counter({ timestamp: Date.now() });
    const step = Math.max(current, (lastStepBySecret.get(key) ?? -Infinity) + 1);
    if (step <= current + 1) {
      lastStepBySecret.set(key, step);
      return totp.generate({ timestamp: step * periodMs });
    }
    // Both usable steps are spent: wait until the clock enters the next one.
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * periodMs - Date.now() + 50));
  }
}
