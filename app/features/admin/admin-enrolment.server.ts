import { createHash, randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { twoFactors, users, verifications } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { signedCookie } from "~/.server/secret";

/**
 * The enrolment link of a new admin (decision 0186). `npm run admin:create`
 * prints it; opening it in a browser is what lets an admin who has not set up
 * two-factor yet sign in with the password and go on to the set-up page. A
 * password alone (guessed, phished, or read over a shoulder while the account
 * was created) therefore cannot enrol someone else's authenticator.
 *
 * - The token is 32 random bytes; only its SHA-256 is stored, as a
 *   `verifications` row `admin-enrolment:<userId>` (our own identifier
 *   prefix in better-auth's table), valid 24 hours. Issuing a new link
 *   deletes the account's older ones.
 * - Opening the link deletes the row (one statement, so two tabs cannot both
 *   use it) and sets a signed cookie naming the account for one hour.
 * - The password step checks that cookie for an account without two-factor.
 */
export const ENROLMENT_LINK_HOURS = 24;
export const ENROLMENT_COOKIE_SECONDS = 3600;
export const ENROLMENT_PATH = "/admin/enrol";
const IDENTIFIER_PREFIX = "admin-enrolment:";
/** Where an account's link was opened (its origin), for the hour its cookie lasts: see `whereEnrolmentLinkOpened`. */
const OPENED_PREFIX = "admin-enrolment-opened:";

/** What sign-in says to an admin without two-factor who has not opened their link in this browser. */
export const ENROLMENT_LINK_REQUIRED_MESSAGE =
  "This account has not set up two-factor sign-in yet. Open the enrolment link that `npm run admin:create` printed, in this browser, then sign in here. " +
  "No link, or it expired (links last 24 hours) or was already used? Ask whoever runs the server to run `npm run admin:create -- --email <your address>` again for a new one.";

export const INVALID_ENROLMENT_LINK_MESSAGE =
  "This enrolment link does not work: it was already used, it is older than 24 hours, or it was copied incompletely. " +
  "Whoever runs the server can print a new one with `npm run admin:create -- --email <your address>` (add `--reset-enrolment` for an account that already uses two-factor).";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a new link for the account, replacing any older one. Returns the token (for the URL) and its expiry. */
export async function issueEnrolmentLink(userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ENROLMENT_LINK_HOURS * 3600_000);
  await getDb().transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, `${IDENTIFIER_PREFIX}${userId}`));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString("hex"),
      identifier: `${IDENTIFIER_PREFIX}${userId}`,
      value: hashToken(token),
      expiresAt,
    });
  });
  return { token, expiresAt };
}

/** The address an admin opens: PUBLIC_URL (or the running server's) + the enrolment path. */
export function enrolmentUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${ENROLMENT_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * Turns two-factor off for an account (its authenticator and backup codes
 * deleted), so that it enrols again through a new link: the operator's answer
 * to a lost phone (`admin:create --reset-enrolment`).
 */
export async function resetTwoFactor(userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  });
}

const enrolmentCookie = signedCookie("nordlys_admin_enrolment", ENROLMENT_COOKIE_SECONDS);

/** The account an unexpired link names, without using the link up; null when it is not valid. */
export async function peekEnrolmentLink(token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await getDb()
    .select({ identifier: verifications.identifier, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(like(verifications.identifier, `${IDENTIFIER_PREFIX}%`), eq(verifications.value, hashToken(token))));
  return row && row.expiresAt.getTime() > now.getTime() ? row.identifier.slice(IDENTIFIER_PREFIX.length) : null;
}

export type RedeemResult = { status: "accepted"; headers: Headers; userId: string } | { status: "invalid" };

/**
 * Uses a link: deletes its row if it is unexpired and sets the cookie that lets
 * the account's next password step in. A used, expired or unknown token is "invalid".
 */
export async function redeemEnrolmentLink(token: string, now = new Date(), openedAt?: string): Promise<RedeemResult> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: "invalid" };
  const [row] = await getDb()
    .delete(verifications)
    .where(and(like(verifications.identifier, `${IDENTIFIER_PREFIX}%`), eq(verifications.value, hashToken(token))))
    .returning({ identifier: verifications.identifier, expiresAt: verifications.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return { status: "invalid" };
  const userId = row.identifier.slice(IDENTIFIER_PREFIX.length);
  if (openedAt) {
    await getDb()
      .delete(verifications)
      .where(eq(verifications.identifier, `${OPENED_PREFIX}${userId}`));
    await getDb()
      .insert(verifications)
      .values({
        id: randomBytes(16).toString("hex"),
        identifier: `${OPENED_PREFIX}${userId}`,
        value: openedAt,
        expiresAt: new Date(now.getTime() + ENROLMENT_COOKIE_SECONDS * 1000),
      });
  }
  const secure = getEnv().PUBLIC_URL?.startsWith("https:") ?? false;
  const value = { userId, until: now.getTime() + ENROLMENT_COOKIE_SECONDS * 1000 };
  const headers = new Headers({ "Set-Cookie": await enrolmentCookie().serialize(value, { secure }) });
  return { status: "accepted", headers, userId };
}

/**
 * The origin (`http://localhost:3000`) where the account's link was opened within the hour, when
 * it is not the origin of `request`: the cookie that lets the first sign-in in belongs to that
 * address (a browser keeps `localhost` and `127.0.0.1` apart), so the sign-in page sends the admin
 * there. Null when it was opened here, not opened, or too long ago.
 */
export async function whereEnrolmentLinkOpened(request: Request, userId: string, now = new Date()): Promise<string | null> {
  const [row] = await getDb()
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `${OPENED_PREFIX}${userId}`));
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row.value !== new URL(request.url).origin ? row.value : null;
}

/** True when the request carries a valid enrolment cookie for this account (read only; the cookie lapses by itself). */
export async function hasOpenedEnrolmentLink(request: Request, userId: string, now = new Date()): Promise<boolean> {
  const value: unknown = await enrolmentCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return false;
  const { userId: named, until } = value as { userId?: unknown; until?: unknown };
  return named === userId && typeof until === "number" && until > now.getTime();
}
