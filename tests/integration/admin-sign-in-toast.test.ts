import { afterAll, beforeAll, expect, it } from "vitest";
import { adminSession, postForm, type AdminSession } from "../support/admin-session";
import { startServerAtOwnUrl, stopServer, type ServerProcess } from "../support/server-process";
import { freshTotpCode } from "../support/totp";

/**
 * After a successful sign-in with two-factor, the page the admin asked for does not greet them
 * with the 'Please log in to access this page' toast that sent them to the sign-in.
 */
let server: ServerProcess;
let dataDir: string;
let base: string;
let admin: AdminSession;

beforeAll(async () => {
  ({ server, dataDir, base } = await startServerAtOwnUrl({}, { timeoutMs: 150_000 }));
  admin = await adminSession(base, dataDir, { email: "toast-admin@example.test", clientIp: "198.51.100.41" });
}, 300_000);

afterAll(() => stopServer(server, dataDir));

/** A browser's cookie jar, as far as these answers need one. */
function applyCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar.values()].join("; ");

it("a signed-out visit's 'Please log in' toast is dropped by the sign-in with a code, not shown on the page asked for", async () => {
  const jar = new Map<string, string>();
  const ip = { "X-Forwarded-For": "198.51.100.42" };
  const refused = await fetch(`${base}/admin/newsletter`, { redirect: "manual", headers: ip });
  expect(refused.status).toBe(302);
  applyCookies(jar, refused);
  expect(jar.has("toast")).toBe(true);

  const password = await postForm(
    base,
    "/admin/login",
    { intent: "password", email: admin.email, password: admin.password, redirectTo: "/admin/newsletter" },
    cookieHeader(jar),
    ip,
  );
  expect(password.status).toBe(302);
  expect(password.headers.get("location")).toMatch(/^\/admin\/login\?step=code/);
  applyCookies(jar, password);

  const code = await postForm(
    base,
    "/admin/login",
    { intent: "code", method: "totp", code: await freshTotpCode(admin.totp), redirectTo: "/admin/newsletter" },
    cookieHeader(jar),
    ip,
  );
  expect(code.status).toBe(302);
  expect(code.headers.get("location")).toBe("/admin/newsletter");
  applyCookies(jar, code);
  expect(jar.has("toast")).toBe(false);

  const page = await fetch(`${base}/admin/newsletter`, { headers: { cookie: cookieHeader(jar), ...ip } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Send Newsletter Now");
  expect(html).not.toContain("Please log in to access this page");
});
