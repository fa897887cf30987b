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
  ["POST", `/api/admin/submissions/${MISSING_ID}/release`],
  ["POST", "/api/admin/leads/LEAD/release"],
  ["GET", "/api/admin/subscribers"],
  ["GET", "/api/admin/subscribers?format=csv"],
  ["DELETE", `/api/admin/subscribers/${MISSING_ID}`],
  ["GET", "/api/admin/outbox"],
  ["GET", "/api/admin/outbox/message.eml"],
  ["POST", "/api/send-daily-newsletter"],
];

const pagesWithActions = ["/admin/leads", "/admin/submissions", "/admin/subscribers", "/admin/account"];
const pages = ["/admin/leads", "/admin/submissions", "/admin/subscribers", "/admin/outbox", "/admin/account", "/admin/newsletter", "/admin/feeds"];

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

describe("held items", () => {
  /** The .eml files in the server's outbox that mention `text`. */
  async function outboxMentioning(text: string): Promise<string[]> {
    const dir = `${dataDir}/outbox`;
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"));
    const contents = await Promise.all(files.map((file) => fs.readFile(`${dir}/${file}`, "utf8").catch(() => "")));
    return contents.filter((content) => content.includes(text));
  }

  async function mailJobsMentioning(text: string): Promise<number> {
    return withServerDatabase(dataDir, async (client) => {
      const result = await client.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'send-mail' and data::text like $1", [
        `%${text}%`,
      ]);
      return result.rows[0]!.n;
    });
  }

  async function waitFor<T>(check: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (accept(value)) return value;
      if (Date.now() > deadline) throw new Error(`condition not met in time, last value: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const adminGet = (path: string) => fetch(base + path, { headers: { cookie: adminCookie } });

  it("a submission sent through the API with the honeypot filled is held: listed only under held, logged without personal data, released once", async () => {
    const email = "held-visitor@example.com";
    const sent = await fetch(`${base}/api/send-contact-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.40" },
      body: JSON.stringify({ source: "contact", name: "Hilda Held", email, message: "Autofilled by my browser.", disclaimerAccepted: true, website: "https://hilda.example" }),
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true });
    expect(await mailJobsMentioning(email)).toBe(0);
    // The log says what and why, never who.
    await waitFor(async () => server.output(), (output) => output.includes("Form submission held for review"));
    expect(server.output()).not.toContain(email);
    expect(server.output()).not.toContain("Hilda Held");

    const inbox = (await (await adminGet("/api/admin/submissions")).json()) as { submissions: Array<{ email: string }> };
    expect(inbox.submissions.map((row) => row.email)).not.toContain(email);
    const inboxCsv = await (await adminGet("/api/admin/submissions?format=csv")).text();
    expect(inboxCsv).not.toContain(email);
    const held = (await (await adminGet("/api/admin/submissions?held=1")).json()) as {
      submissions: Array<{ id: string; email: string; hold: { reason: string; heldAt: string } | null }>;
    };
    const item = held.submissions.find((row) => row.email === email)!;
    expect(item.hold).toMatchObject({ reason: "honeypot", heldAt: expect.any(String) });
    expect(await (await adminGet("/api/admin/submissions?held=1&format=csv")).text()).toMatch(/held-visitor@example\.com.*,honeypot,/);

    // The page: "Held (N)" next to "Inbox", the reason on the card, a Release button.
    const heldPage = await (await adminGet("/admin/submissions?held=1")).text();
    expect(heldPage).toMatch(/Held \(<!-- -->\d+<!-- -->\)|Held \(\d+\)/);
    expect(heldPage).toContain("Hilda Held");
    expect(heldPage).toContain("Hidden field filled");
    expect(heldPage).toContain("Release submission of Hilda Held");
    expect(await (await adminGet("/admin/submissions")).text()).not.toContain("Hilda Held");

    // Release with the page's form (no JavaScript): back to the held list with a toast; then again.
    const release = () =>
      fetch(`${base}/admin/submissions`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "release", id: item.id, returnTo: "?held=1" }),
      });
    const first = await release();
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/submissions?held=1");
    expect(first.headers.getSetCookie().join("")).toContain("toast=");
    const second = await release();
    expect(second.status).toBe(302);

    // The notification and the acknowledgement, each once.
    const mails = await waitFor(() => outboxMentioning(email), (found) => found.length >= 2);
    expect(mails).toHaveLength(2);
    expect(mails.some((mail) => /^Subject: New message from Hilda Held/m.test(mail))).toBe(true);
    expect(mails.some((mail) => /^Subject: We received your message/m.test(mail))).toBe(true);
    expect(await mailJobsMentioning(email)).toBe(2);

    const after = (await (await adminGet("/api/admin/submissions")).json()) as { submissions: Array<{ id: string; hold: unknown }> };
    expect(after.submissions).toContainEqual(expect.objectContaining({ id: item.id, hold: null }));
    const audits = await withServerDatabase(dataDir, async (client) =>
      (await client.query("select 1 from admin_audit_log where action = 'release-submission' and target = $1", [item.id])).rowCount,
    );
    expect(audits).toBe(1);
  });

  it("a chat lead captured with the honeypot filled is held; the API releases it once (409 the second time), and the studio is notified", async () => {
    const email = "held-chat@example.com";
    const conversationId = "6b0f3c1e-4d2a-4f8b-9c7d-2e1f0a9b8c7d";
    const start = (await (
      await fetch(`${base}/api/lead-chatbot`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.41" },
        body: JSON.stringify({ action: "start_lead_form" }),
      })
    ).json()) as { formStartedAt: string };
    const captured = await fetch(`${base}/api/lead-chatbot`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.41" },
      body: JSON.stringify({
        action: "capture_lead",
        userData: { name: "Chet Quick", email },
        messages: [{ role: "user", content: "Hello there" }],
        conversationId,
        formStartedAt: start.formStartedAt,
        website: "chet.example",
      }),
    });
    expect(await captured.json()).toEqual({ success: true, conversationId, created: true });
    expect(await mailJobsMentioning(email)).toBe(0);

    const held = (await (await adminGet("/api/admin/leads?held=1")).json()) as { leads: Array<{ id: string; email: string; hold: { reason: string } }> };
    const lead = held.leads.find((row) => row.email === email)!;
    expect(lead.hold.reason).toBe("honeypot");
    const inbox = (await (await adminGet("/api/admin/leads")).json()) as { leads: Array<{ email: string }> };
    expect(inbox.leads.map((row) => row.email)).not.toContain(email);
    expect(await (await adminGet("/admin/leads?held=1")).text()).toContain("Hidden field filled");

    const release = () => fetch(`${base}/api/admin/leads/${lead.id}/release`, { method: "POST", headers: { cookie: adminCookie } });
    const first = await release();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ released: true, id: lead.id });
    const second = await release();
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: "This lead is not held (already released)." });
    expect((await fetch(`${base}/api/admin/leads/${MISSING_ID}/release`, { method: "POST", headers: { cookie: adminCookie } })).status).toBe(404);
    expect((await fetch(`${base}/api/admin/leads/${lead.id}/release`, { headers: { cookie: adminCookie } })).status).toBe(405);

    const mails = await waitFor(() => outboxMentioning(lead.id), (found) => found.length >= 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: New chat lead: Chet Quick/m);
    expect(await mailJobsMentioning(lead.id)).toBe(1);
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
