import { createCookie, type Cookie } from "react-router";
import { getEnv } from "~/.server/env";

/**
 * The analytics cookie, set only while the visitor's choice is "accepted" (docs/analytics.md):
 * a random id, nothing else, so that the studio can tell returning visitors and credit a
 * conversion to the visitor's first visit. It lasts one year from when it is first set (it is
 * not renewed), within the "up to 2 years" the cookie policy states for analytics cookies.
 */
export const VISITOR_COOKIE_NAME = "nordlys_visitor";
export const VISITOR_COOKIE_MAX_AGE_DAYS = 365;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let cookie: Cookie | undefined;

function visitorCookie(): Cookie {
  cookie ??= createCookie(VISITOR_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().PUBLIC_URL.startsWith("https://"),
    maxAge: VISITOR_COOKIE_MAX_AGE_DAYS * 24 * 3600,
  });
  return cookie;
}

/** The visitor id in a Cookie header, or null (absent or not one of ours). */
export async function readVisitorId(cookieHeader: string | null | undefined): Promise<string | null> {
  if (!cookieHeader?.includes(`${VISITOR_COOKIE_NAME}=`)) return null;
  const value: unknown = await visitorCookie().parse(cookieHeader);
  return typeof value === "string" && UUID.test(value) ? value : null;
}

/** Set-Cookie for a new visitor id. */
export function setVisitorCookie(id: string): Promise<string> {
  return visitorCookie().serialize(id);
}

/** Set-Cookie that removes the cookie (the visitor declined, or changed the choice). */
export function clearVisitorCookie(): Promise<string> {
  return visitorCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Whether a Cookie header carries the analytics cookie at all (valid or not). */
export function hasVisitorCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && new RegExp(`(^|;\\s*)${VISITOR_COOKIE_NAME}=`).test(cookieHeader));
}
