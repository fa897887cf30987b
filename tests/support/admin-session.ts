import type * as OTPAuth from "otpauth";
import { createAdminWithCli, enrolmentLinkFrom } from "./admin-seed.ts";
import { freshTotpCode, totpFromUri } from "./totp.ts";

/**
 * Admin sessions over HTTP for tests of a running server (admins must set up
 * two-factor before they see anything: ADMIN_REQUIRE_TWO_FACTOR). The same
 * requests a browser without JavaScript makes: the sign-in API, then the
 * set-up page's two forms.
 *
 *   const admin = await adminSession(base, dataDir);           // new admin, TOTP on, signed in
 *   fetch(`${base}/api/admin/leads`, { headers: { cookie: admin.cookie } });
 *   fetch(url, { method: "DELETE", headers: admin.headers });  // cookie + same Origin
 */
export type AdminSession = {
  email: string;
  password: string;
  totp: OTPAuth.TOTP;
  backupCodes: string[];
  /** The session cookie ("name=value; ..."). */
  cookie: string;
  /** Cookie and this site's Origin, as a browser sends them with a POST or DELETE. */
  headers: Record<string, string>;
};

let counter = 0;

/** Creates an admin (the real CLI; an owner unless `roles` says), opens the enrolment link it printed, signs in and sets up TOTP on the set-up page. */
export async function adminSession(
  base: string,
  dataDir: string,
  options: { email?: string; password?: string; clientIp?: string; databaseUrl?: string; roles?: string[] } = {},
): Promise<AdminSession> {
  const email = options.email ?? `admin-${process.pid}-${++counter}-${Date.now().toString(36)}@example.com`;
  const password = options.password ?? "admin password for tests";
  const clientIp = options.clientIp ?? `198.51.100.${(counter % 200) + 20}`;
  const roleArgs = (options.roles ?? []).flatMap((role) => ["--role", role]);
  const printed = await createAdminWithCli(dataDir, email, password, options.databaseUrl, roleArgs);
  const link = new URL(enrolmentLinkFrom(printed));
  const opened = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual", headers: { "X-Forwarded-For": clientIp } });
  if (opened.status !== 302) throw new Error(`the enrolment link answered ${opened.status}`);
  const signedIn = await postJson(base, "/api/auth/sign-in/email", { email, password }, clientIp, {
    cookie: cookiesFrom(opened),
    origin: base,
  });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
  let cookie = mergeCookies(cookiesFrom(opened), signedIn);

  // The set-up's password confirmation counts against the sign-in's per-address limit: from the same address.
  const fromClient = { "X-Forwarded-For": clientIp };
  const started = await postForm(base, "/admin/two-factor-setup", { intent: "enable", password }, cookie, fromClient);
  const html = await started.text();
  const totpUri = decodeHtml(/name="totpUri" value="([^"]+)"/.exec(html)?.[1] ?? "");
  const backupCodes = decodeHtml(/name="backupCodes" value="([^"]+)"/.exec(html)?.[1] ?? "");
  if (!totpUri) throw new Error(`the set-up page showed no TOTP key (${started.status})`);
  cookie = mergeCookies(cookie, started);
  const totp = totpFromUri(totpUri);
  const confirmed = await postForm(
    base,
    "/admin/two-factor-setup",
    { intent: "confirm", totpUri, backupCodes, code: await freshTotpCode(totp) },
    cookie,
    fromClient,
  );
  if (confirmed.status !== 302) throw new Error(`confirming the first code answered ${confirmed.status}`);
  cookie = mergeCookies(cookie, confirmed);
  return { email, password, totp, backupCodes: backupCodes.split(","), cookie, headers: { cookie, origin: base } };
}

/** Signs an enrolled admin in again (password and a fresh code in one request); returns the session cookie. */
export async function signInAgain(base: string, admin: AdminSession, clientIp = "198.51.100.250"): Promise<string> {
  const response = await postJson(
    base,
    "/api/auth/sign-in/email",
    { email: admin.email, password: admin.password, code: await freshTotpCode(admin.totp) },
    clientIp,
  );
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return cookiesFrom(response);
}

export function postJson(
  base: string,
  path: string,
  body: unknown,
  clientIp: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(base + path, {
    method: "POST",
    // TRUST_PROXY=loopback (the default) takes the client address from the test's X-Forwarded-For.
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientIp, ...headers },
    body: JSON.stringify(body),
  });
}

/** A form POST as a browser sends it: urlencoded, with the cookie and this site's Origin; redirects not followed. */
export function postForm(
  base: string,
  path: string,
  fields: Record<string, string>,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(base + path, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie, origin: base, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The cookies a response sets, as a Cookie header. */
export function cookiesFrom(response: Response): string {
  return mergeCookies("", response);
}

function mergeCookies(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

function decodeHtml(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}
