import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminWithCli, demoteUser, insertLead, withServerDatabase } from "../support/admin-seed.ts";
import { freePort, makeDataDir, startServer, type ServerProcess } from "../support/server-process.ts";

/**
 * The admin area over HTTP, against the production server: every admin
 * endpoint and page refuses anonymous and non-admin callers, admins get the
 * data, and sign-in attempts are rate-limited.
 */
let server: ServerProcess;
let dataDir: string;
let base: string;
let adminCookie = "";
let userCookie = "";
let leadId = "";
const ADMIN = { email: "admin@example.com", password: "admin password for tests" };
const USER = { email: "user@example.com", password: "user password for tests" };
const MISSING_ID = "00000000-0000-4000-8000-000000000000";


/** Each caller gets its own client address (TRUST_PROXY=loopback honours X-Forwarded-For from the test). */
async function signIn(email: string, password: string, ip: string): Promise<Response> {
  return fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify({ email, password }),
  });
}

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  dataDir = await makeDataDir();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base });
  // The CLI joins the running server's embedded database.
  await createAdminWithCli(dataDir, ADMIN.email, ADMIN.password);
  await createAdminWithCli(dataDir, USER.email, USER.password);
  await demoteUser(dataDir, USER.email);
  leadId = await insertLead(dataDir, {
    name: "=HYPERLINK(\"http://evil\")",
    email: "lead@example.com",
    company: "Acme",
    messages: [{ role: "user", content: "Hi" }],
  });

  const adminResponse = await signIn(ADMIN.email, ADMIN.password, "198.51.100.1");
  expect(adminResponse.status).toBe(200);
  adminCookie = cookieFrom(adminResponse);
  const userResponse = await signIn(USER.email, USER.password, "198.51.100.2");
  expect(userResponse.status).toBe(200);
  userCookie = cookieFrom(userResponse);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const endpoints: Array<[string, string]> = [
  ["GET", "/api/admin/leads"],
  ["GET", "/api/admin/leads?format=csv"],
  ["DELETE", "/api/admin/leads/LEAD"],
  ["GET", "/api/admin/submissions"],
  ["GET", "/api/admin/submissions?format=csv"],
  ["DELETE", `/api/admin/submissions/${MISSING_ID}`],
  ["GET", "/api/admin/subscribers"],
  ["GET", "/api/admin/subscribers?format=csv"],
  ["DELETE", `/api/admin/subscribers/${MISSING_ID}`],
  ["GET", "/api/admin/outbox"],
  ["GET", "/api/admin/outbox/message.eml"],
  ["POST", "/api/send-daily-newsletter"],
  ["GET", "/api/admin/analytics?range=7"],
  ["GET", "/api/admin/analytics?range=30&table=pages&format=csv"],
];

const pagesWithActions = ["/admin/leads", "/admin/submissions", "/admin/subscribers", "/admin/account"];
const pages = ["/admin", "/admin/leads", "/admin/submissions", "/admin/subscribers", "/admin/outbox", "/admin/account", "/admin/newsletter", "/admin/feeds"];

describe("admin API refuses everyone but admins", () => {
  for (const [method, rawPath] of endpoints) {
    it(`${method} ${rawPath}: 401 anonymous, 403 non-admin`, async () => {
      const url = base + rawPath.replace("LEAD", leadId);
      const anonymous = await fetch(url, { method });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("content-type")).toContain("application/json");
      expect(await anonymous.json()).toEqual({ error: "Please log in to access this page" });

      const nonAdmin = await fetch(url, { method, headers: { cookie: userCookie } });
      expect(nonAdmin.status).toBe(403);
      expect(await nonAdmin.json()).toEqual({ error: "You don't have permission to access this page" });
    });
  }

  it("kept the lead: refused deletes deleted nothing", async () => {
    const response = await fetch(`${base}/api/admin/leads`, { headers: { cookie: adminCookie } });
    const body = (await response.json()) as { leads: Array<{ id: string }> };
    expect(body.leads.map((lead) => lead.id)).toContain(leadId);
  });
});

describe("admin pages refuse everyone but admins", () => {
  for (const path of pages) {
    it(`${path}: redirects anonymous and non-admin visitors home with the SPEC toast`, async () => {
      for (const [cookie, message] of [
        ["", "Please log in to access this page"],
        [userCookie, "You don't have permission to access this page"],
      ] as const) {
        for (const method of pagesWithActions.includes(path) ? ["GET", "POST"] : ["GET"]) {
          const response = await fetch(base + path, {
            method,
            redirect: "manual",
            headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: method === "POST" ? `intent=delete&id=${leadId}` : undefined,
          });
          expect(response.status, `${method} ${path}`).toBe(302);
          expect(response.headers.get("location")).toBe("/");
          const toastCookie = response.headers.getSetCookie().find((line) => line.startsWith("toast="));
          expect(toastCookie).toBeTruthy();
          // The toast shows on the page the redirect leads to.
          const home = await fetch(base + "/", { headers: { cookie: toastCookie!.split(";")[0]! } });
          const html = await home.text();
          expect(html.includes(message) || html.includes(message.replace("'", "&#x27;"))).toBe(true);
        }
      }
    });
  }

  it("serves admins, with noindex", async () => {
    for (const path of pages) {
      const response = await fetch(base + path, { headers: { cookie: adminCookie } });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    const login = await fetch(`${base}/admin/login`);
    expect(await login.text()).toContain('content="noindex, nofollow"');
  });
});

describe("admins", () => {
  it("can send the newsletter by hand: the endpoint answers with SPEC's counts", async () => {
    const response = await fetch(`${base}/api/send-daily-newsletter`, { method: "POST", headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ successCount: expect.any(Number), errorCount: expect.any(Number), totalArticles: expect.any(Number) });
  });

  it("get a session cookie that is httpOnly and SameSite=Lax", async () => {
    const response = await signIn(ADMIN.email, ADMIN.password, "198.51.100.3");
    const session = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // http here; Secure when PUBLIC_URL is https
  });

  it("export leads as CSV with formulas neutralised, and the export is audited", async () => {
    const response = await fetch(`${base}/api/admin/leads?format=csv`, { headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const csv = await response.text();
    expect(csv).toContain("created_at,name,email,company,message,source,conversation,id");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain("User: Hi");
    const actions = await withServerDatabase(dataDir, async (client) =>
      (await client.query<{ action: string; user_email: string }>("select action, user_email from admin_audit_log")).rows,
    );
    expect(actions).toContainEqual({ action: "export-leads", user_email: ADMIN.email });
  });

  it("delete a lead (404 the second time), audited", async () => {
    const first = await fetch(`${base}/api/admin/leads/${leadId}`, { method: "DELETE", headers: { cookie: adminCookie } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ deleted: true, id: leadId });
    const second = await fetch(`${base}/api/admin/leads/${leadId}`, { method: "DELETE", headers: { cookie: adminCookie } });
    expect(second.status).toBe(404);
    const rows = await withServerDatabase(dataDir, async (client) =>
      (await client.query("select 1 from admin_audit_log where action = 'delete-lead' and target = $1", [leadId])).rowCount,
    );
    expect(rows).toBe(1);
  });

  it("see which news feeds are disabled or failing", async () => {
    await withServerDatabase(dataDir, (client) =>
      client.query(
        `insert into news_feeds (url, title, consecutive_failures, disabled_at, last_error) values
         ('https://broken.example/feed.xml', 'Broken Feed', 6, now(), 'HTTP 500'),
         ('https://fine.example/feed.xml', 'Fine Feed', 0, null, null)`,
      ),
    );
    const response = await fetch(`${base}/admin/feeds`, { headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("1 of 2 feeds need attention.");
    expect(html).toMatch(/Broken Feed[\s\S]*Disabled[\s\S]*HTTP 500/);
  });

  it("see subscriber counts by status", async () => {
    await withServerDatabase(dataDir, (client) =>
      client.query(
        `insert into newsletter_subscriptions (email, confirmed, unsubscribed_at, bounced_at) values
         ('a@example.com', true, null, null), ('b@example.com', true, null, null), ('c@example.com', false, null, null),
         ('d@example.com', false, now(), null), ('e@example.com', true, null, now())`,
      ),
    );
    const response = await fetch(`${base}/api/admin/subscribers`, { headers: { cookie: adminCookie } });
    const body = (await response.json()) as { counts: Record<string, number>; total: number };
    expect(body.counts).toEqual({ confirmed: 2, pending: 1, unsubscribed: 1, bounced: 1 });
    expect(body.total).toBe(5);
    const bounced = await fetch(`${base}/api/admin/subscribers?status=bounced`, { headers: { cookie: adminCookie } });
    const list = (await bounced.json()) as { subscribers: Array<{ email: string; status: string }> };
    expect(list.subscribers).toEqual([expect.objectContaining({ email: "e@example.com", status: "bounced" })]);
  });
});

describe("brute force", () => {
  it("locks an account after 8 failed passwords: 429 with Retry-After, also for the right password", async () => {
    await createAdminWithCli(dataDir, "target@example.com", "target password 123");
    for (let i = 0; i < 8; i++) {
      const response = await signIn("target@example.com", `guess number ${i}`, `203.0.113.${i + 1}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid e-mail or password." });
    }
    const blocked = await signIn("target@example.com", "target password 123", "203.0.113.50");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ error: "Too many sign-in attempts. Please wait a few minutes and try again." });

    // The sign-in page says the same, with the same status, without JavaScript.
    const form = await fetch(`${base}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.51" },
      body: new URLSearchParams({ intent: "password", email: "target@example.com", password: "target password 123" }),
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("Too many sign-in attempts");
  });

  it("limits one address to 20 attempts across accounts", async () => {
    const ip = "203.0.113.200";
    for (let i = 0; i < 20; i++) expect((await signIn(`nobody${i}@example.com`, "password guess", ip)).status).toBe(401);
    const blocked = await signIn(ADMIN.email, ADMIN.password, ip);
    expect(blocked.status).toBe(429);
  });
});
