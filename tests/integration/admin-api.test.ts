import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminWithCli, demoteUser, enrolmentLinkFrom, insertLead, withServerDatabase } from "../support/admin-seed";
import { adminSession, cookiesFrom, postJson, type AdminSession } from "../support/admin-session";
import { startServerAtOwnUrl, stopServer, type ServerProcess } from "../support/server-process";
import { freshTotpCode } from "../support/totp";
import { waitUntil } from "../support/wait-until";

/**
 * The admin area over HTTP, against the production server: every admin
 * endpoint and page refuses anonymous and non-admin callers, admins (with
 * two-factor set up) get the data, requests from other sites are refused,
 * and sign-in attempts are rate-limited without locking the owner out.
 */
let server: ServerProcess;
let dataDir: string;
let base: string;
let admin: AdminSession;
let adminCookie = "";
let userCookie = "";
let leadId = "";
const USER = { email: "user@example.com", password: "user password for tests" };
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const FOREIGN = "https://attacker.example";

/** Each caller gets its own client address (TRUST_PROXY=loopback honours X-Forwarded-For from the test). */
async function signIn(email: string, password: string, ip: string, extra: Record<string, string> = {}, cookie = ""): Promise<Response> {
  return postJson(base, "/api/auth/sign-in/email", { email, password, ...extra }, ip, cookie ? { cookie, origin: base } : {});
}

/** Opens the enrolment link `admin:create` printed (as the new admin's browser does); returns the cookie it set. */
async function openEnrolmentLink(printed: string, ip = "198.51.100.99"): Promise<string> {
  const link = new URL(enrolmentLinkFrom(printed));
  const response = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual", headers: { "X-Forwarded-For": ip } });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/admin/login");
  return cookiesFrom(response);
}

beforeAll(async () => {
  ({ server, dataDir, base } = await startServerAtOwnUrl());
  // The CLI joins the running server's embedded database.
  admin = await adminSession(base, dataDir, { email: "admin@example.com", clientIp: "198.51.100.1" });
  adminCookie = admin.cookie;
  const userEnrolment = await openEnrolmentLink(await createAdminWithCli(dataDir, USER.email, USER.password));
  await demoteUser(dataDir, USER.email);
  leadId = await insertLead(dataDir, {
    name: '=HYPERLINK("http://evil")',
    email: "lead@example.com",
    company: "Acme",
    messages: [{ role: "user", content: "Hi" }],
  });

  const userResponse = await signIn(USER.email, USER.password, "198.51.100.2", {}, userEnrolment);
  expect(userResponse.status).toBe(200);
  userCookie = cookiesFrom(userResponse);
}, 300_000);

afterAll(() => stopServer(server, dataDir));

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
  ["GET", "/api/admin/analytics?range=7"],
  ["GET", "/api/admin/analytics?range=30&table=pages&format=csv"],
  ["GET", "/api/admin/mentoring/availability"],
  ["PUT", "/api/admin/mentoring/availability"],
];

const pagesWithActions = ["/admin/leads", "/admin/submissions", "/admin/subscribers", "/admin/account", "/admin/two-factor-setup"];
const pages = [
  "/admin",
  "/admin/leads",
  "/admin/submissions",
  "/admin/subscribers",
  "/admin/outbox",
  "/admin/account",
  "/admin/newsletter",
  "/admin/feeds",
  "/admin/mentoring",
  "/admin/mentoring/availability",
  "/admin/two-factor-setup",
];

describe("admin API refuses everyone but admins", () => {
  for (const [method, rawPath] of endpoints) {
    it(`${method} ${rawPath}: 401 anonymous, 403 non-admin`, async () => {
      const url = base + rawPath.replace("LEAD", leadId);
      const anonymous = await fetch(url, { method });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("content-type")).toContain("application/json");
      expect(await anonymous.json()).toMatchObject({ error: "Please log in to access this page" });

      const nonAdmin = await fetch(url, { method, headers: { cookie: userCookie, origin: base } });
      expect(nonAdmin.status).toBe(403);
      expect(await nonAdmin.json()).toMatchObject({ error: "You don't have permission to access this page" });
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
    it(`${path}: sends anonymous visitors to the sign-in (to come back) and non-admins home, with the access toast of docs/product.md#admin`, async () => {
      for (const [cookie, message] of [
        ["", "Please log in to access this page"],
        [userCookie, "You don't have permission to access this page"],
      ] as const) {
        for (const method of pagesWithActions.includes(path) ? ["GET", "POST"] : ["GET"]) {
          const response = await fetch(base + path, {
            method,
            redirect: "manual",
            headers: { cookie, origin: base, "Content-Type": "application/x-www-form-urlencoded" },
            body: method === "POST" ? `intent=delete&id=${leadId}` : undefined,
          });
          expect(response.status, `${method} ${path}`).toBe(302);
          const signIn = `/admin/login?redirectTo=${encodeURIComponent(path.split("?")[0]!)}`;
          expect(response.headers.get("location")).toBe(
            cookie ? "/" : method === "GET" ? `/admin/login?redirectTo=${encodeURIComponent(path)}` : signIn,
          );
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
    for (const path of pages.filter((page) => page !== "/admin/two-factor-setup")) {
      const response = await fetch(base + path, { headers: { cookie: adminCookie } });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    // Two-factor is on already: the set-up page sends them on.
    const setup = await fetch(`${base}/admin/two-factor-setup?redirectTo=%2Fadmin%2Foutbox`, {
      headers: { cookie: adminCookie },
      redirect: "manual",
    });
    expect(setup.headers.get("location")).toBe("/admin/outbox");
    const login = await fetch(`${base}/admin/login`);
    expect(await login.text()).toContain('content="noindex, nofollow"');
  });
});

describe("admins", () => {
  it("set their hours as a mentor with PUT /api/admin/mentoring/availability; bad hours are refused with the reason and change nothing; /mentoring then offers times", async () => {
    const put = (body: unknown) =>
      fetch(`${base}/api/admin/mentoring/availability`, {
        method: "PUT",
        headers: { cookie: adminCookie, origin: base, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const hours = {
      timeZone: "Europe/Oslo",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
      sessionMinutes: 60,
      bufferMinutes: 10,
      minNoticeHours: 1,
      horizonDays: 14,
    };
    const saved = await put(hours);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ timeZone: "Europe/Oslo", sessionMinutes: [60], bufferMinutes: 10 });
    const refused = await put({ ...hours, timeZone: "Mars/Olympus" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "Unknown time zone: use a name like Europe/Oslo" });
    expect((await put({ ...hours, weekly: [{ day: 8, start: "09:00", end: "17:00" }] })).status).toBe(400);
    expect((await put({ ...hours, weekly: [{ day: 1, start: "17:00", end: "09:00" }] })).status).toBe(400);
    const read = await fetch(`${base}/api/admin/mentoring/availability`, { headers: { cookie: adminCookie } });
    expect(await read.json()).toMatchObject({ mentor: true, timeZone: "Europe/Oslo", bufferMinutes: 10 });
    const slots = (await (await fetch(`${base}/api/mentoring/slots?tz=Asia/Kolkata&days=2`)).json()) as { slots: Array<{ start: string }> };
    expect(slots.slots.length).toBeGreaterThan(10);
    expect(slots.slots[0]!.start).toMatch(/\+05:30$/);
    const page = await (await fetch(`${base}/mentoring?tz=Asia/Kolkata`)).text();
    expect(page).toContain("Book a session");
    expect(page).toContain("None of these times work?");
    // Hours off again: /mentoring is the request form alone, as for a studio without mentors.
    expect((await put({ ...hours, weekly: [] })).status).toBe(200);
    expect(await (await fetch(`${base}/mentoring`)).text()).not.toContain("Book a session");
  });

  it("can send the newsletter by hand: the endpoint answers with the product's counts", async () => {
    const response = await fetch(`${base}/api/send-daily-newsletter`, { method: "POST", headers: admin.headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ successCount: expect.any(Number), errorCount: expect.any(Number), totalArticles: expect.any(Number) });
  });

  it("get a session cookie that is httpOnly and SameSite=Lax", async () => {
    const response = await signIn(admin.email, admin.password, "198.51.100.3", { code: await freshTotpCode(admin.totp) });
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
    const actions = await withServerDatabase(
      dataDir,
      async (client) => (await client.query<{ action: string; user_email: string }>("select action, user_email from admin_audit_log")).rows,
    );
    expect(actions).toContainEqual({ action: "export-leads", user_email: admin.email });
  });

  it("delete a lead (404 the second time), audited", async () => {
    const first = await fetch(`${base}/api/admin/leads/${leadId}`, { method: "DELETE", headers: admin.headers });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ deleted: true, id: leadId });
    const second = await fetch(`${base}/api/admin/leads/${leadId}`, { method: "DELETE", headers: admin.headers });
    expect(second.status).toBe(404);
    const rows = await withServerDatabase(
      dataDir,
      async (client) =>
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
    // The summary and the first table are the configured feeds (here the built-in list, which
    // earlier visits to the empty hub tried to refresh); the two rows written above belong to no
    // configuration and are listed apart, with their state.
    const configured = await withServerDatabase(
      dataDir,
      async (client) =>
        (
          await client.query<{ total: number; attention: number }>(
            "select count(*)::int as total, count(*) filter (where disabled_at is not null or consecutive_failures > 0)::int as attention from news_feeds where url not like '%.example/feed.xml'",
          )
        ).rows[0]!,
    );
    const [current, earlier] = html.split("No longer configured");
    expect(current).toContain(`${configured.attention} of ${configured.total} feeds need attention.`);
    expect(current).not.toContain("Broken Feed");
    expect(earlier).toMatch(/Broken Feed[\s\S]*Disabled[\s\S]*HTTP 500/);
    expect(earlier).toMatch(/Fine Feed[\s\S]*?Not fetched yet/);
  });

  it("see a scheduled publish that failed on the dashboard, with its reason and a link to the item", async () => {
    const reason = "Slug: another project uses lawsecai-2.";
    await withServerDatabase(dataDir, (client) =>
      client.query("update content_items set publish_error = $1 where key = 'lawsecai'", [reason]),
    );
    try {
      const html = await (await fetch(`${base}/admin`, { headers: { cookie: adminCookie } })).text();
      expect(html).toContain("A scheduled publish failed.");
      expect(html).toMatch(/<a[^>]*href="\/admin\/content\/projects\/lawsecai"[^>]*>LawSecAI<\/a>/);
      expect(html).toContain(reason);
    } finally {
      await withServerDatabase(dataDir, (client) => client.query("update content_items set publish_error = null where key = 'lawsecai'"));
    }
    expect(await (await fetch(`${base}/admin`, { headers: { cookie: adminCookie } })).text()).not.toContain("A scheduled publish failed.");
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

  it("upload an image (up to 15 MB, admins only, refused before the body is read), which the site then serves for a year", async () => {
    const png = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#1e6f5c" } })
      .png()
      .toBuffer();
    const form = () => {
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "pilot.png");
      body.append("alt", "The harbour pilot's app on a tablet");
      return body;
    };
    const anonymous = await fetch(`${base}/api/admin/media`, { method: "POST", headers: { origin: base }, body: form() });
    expect(anonymous.status).toBe(403);
    // Elsewhere a file is refused at the boundary, whoever sends it.
    const elsewhere = await fetch(`${base}/api/admin/leads`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: base },
      body: form(),
    });
    expect(elsewhere.status).toBe(415);

    const uploaded = await fetch(`${base}/api/admin/media`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: base },
      body: form(),
    });
    expect(uploaded.status).toBe(201);
    const { id, url, image } = (await uploaded.json()) as { id: string; url: string; image: string };
    expect(image).toBe(`/media/${id}`);
    const file = await fetch(`${base}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(1280);
    expect((await fetch(`${base}/media/${id}-9999.avif`)).status).toBe(404);

    const tooLarge = new FormData();
    tooLarge.append("file", new Blob([new Uint8Array(17 * 1024 * 1024)], { type: "image/png" }), "huge.png");
    const refused = await fetch(`${base}/api/admin/media`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: base },
      body: tooLarge,
    });
    expect(refused.status).toBe(413);
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
      const result = await client.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = 'send-mail' and data::text like $1",
        [`%${text}%`],
      );
      return result.rows[0]!.n;
    });
  }

  const adminGet = (path: string) => fetch(base + path, { headers: { cookie: adminCookie } });

  it("a submission sent through the API with the honeypot filled is held: listed only under held, logged without personal data, released once", async () => {
    const email = "held-visitor@example.com";
    const sent = await fetch(`${base}/api/send-contact-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.40" },
      body: JSON.stringify({
        source: "contact",
        name: "Hilda Held",
        email,
        message: "Autofilled by my browser.",
        disclaimerAccepted: true,
        website: "https://hilda.example",
      }),
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true });
    expect(await mailJobsMentioning(email)).toBe(0);
    // The log says what and why, never who.
    await waitUntil(() => server.output().includes("Form submission held for review"), 20_000, "the held-submission log line");
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
        headers: { ...admin.headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "release", id: item.id, returnTo: "?held=1" }),
      });
    const first = await release();
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/submissions?held=1");
    expect(first.headers.getSetCookie().join("")).toContain("toast=");
    const second = await release();
    expect(second.status).toBe(302);

    // The notification and the acknowledgement, each once.
    const mails = await waitUntil(async () => {
      const found = await outboxMentioning(email);
      return found.length >= 2 && found;
    });
    expect(mails).toHaveLength(2);
    expect(mails.some((mail) => /^Subject: New message from Hilda Held/m.test(mail))).toBe(true);
    expect(mails.some((mail) => /^Subject: We received your message/m.test(mail))).toBe(true);
    expect(await mailJobsMentioning(email)).toBe(2);

    const after = (await (await adminGet("/api/admin/submissions")).json()) as { submissions: Array<{ id: string; hold: unknown }> };
    expect(after.submissions).toContainEqual(expect.objectContaining({ id: item.id, hold: null }));
    const audits = await withServerDatabase(
      dataDir,
      async (client) =>
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

    const held = (await (await adminGet("/api/admin/leads?held=1")).json()) as {
      leads: Array<{ id: string; email: string; hold: { reason: string } }>;
    };
    const lead = held.leads.find((row) => row.email === email)!;
    expect(lead.hold.reason).toBe("honeypot");
    const inbox = (await (await adminGet("/api/admin/leads")).json()) as { leads: Array<{ email: string }> };
    expect(inbox.leads.map((row) => row.email)).not.toContain(email);
    expect(await (await adminGet("/admin/leads?held=1")).text()).toContain("Hidden field filled");

    const release = () => fetch(`${base}/api/admin/leads/${lead.id}/release`, { method: "POST", headers: admin.headers });
    const first = await release();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ released: true, id: lead.id });
    const second = await release();
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: "This lead is not held (already released)." });
    expect((await fetch(`${base}/api/admin/leads/${MISSING_ID}/release`, { method: "POST", headers: admin.headers })).status).toBe(404);
    expect((await fetch(`${base}/api/admin/leads/${lead.id}/release`, { headers: { cookie: adminCookie } })).status).toBe(405);

    const mails = await waitUntil(async () => {
      const found = await outboxMentioning(lead.id);
      return found.length >= 1 && found;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: New chat lead: Chet Quick/m);
    expect(await mailJobsMentioning(lead.id)).toBe(1);
  });
});

describe("brute force", () => {
  it("a flood of wrong passwords from many addresses stops password guessing but lets the owner in with password and code", async () => {
    const target = await adminSession(base, dataDir, {
      email: "target@example.com",
      password: "target password 123",
      clientIp: "203.0.113.99",
    });
    for (let i = 0; i < 8; i++) {
      const response = await signIn(target.email, `guess number ${i}`, `203.0.113.${i + 1}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "Invalid e-mail or password." });
    }
    // The password alone is no longer checked, right or wrong.
    const alone = await signIn(target.email, target.password, "203.0.113.50");
    expect(alone.status).toBe(429);
    expect(Number(alone.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await alone.json()).toMatchObject({ error: expect.stringMatching(/together with a code/), codeRequired: true });

    // The sign-in page asks for the code in the same form, without JavaScript.
    const form = await fetch(`${base}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.51", origin: base },
      body: new URLSearchParams({ intent: "password", email: target.email, password: target.password }),
    });
    expect(form.status).toBe(429);
    const html = await form.text();
    expect(html).toContain("together with a code from your authenticator app");
    expect(html).toMatch(/<input[^>]*name="code"/);

    // Password and code together get in, from yet another address, on the page as over the API.
    const viaPage = await fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.52", origin: base },
      body: new URLSearchParams({
        intent: "password",
        withCode: "1",
        email: target.email,
        password: target.password,
        code: await freshTotpCode(target.totp),
      }),
    });
    expect(viaPage.status).toBe(302);
    expect(viaPage.headers.get("location")).toBe("/admin");
    const session = cookiesFrom(viaPage);
    expect((await fetch(`${base}/api/admin/leads`, { headers: { cookie: session } })).status).toBe(200);
  });

  it("limits one address to 20 attempts across accounts", async () => {
    const ip = "203.0.113.200";
    for (let i = 0; i < 20; i++) expect((await signIn(`nobody${i}@example.com`, "password guess", ip)).status).toBe(401);
    const blocked = await signIn(admin.email, admin.password, ip);
    expect(blocked.status).toBe(429);
  });
});

describe("two-factor at first sign-in", () => {
  it("an admin without two-factor sees nothing but the set-up page, and the API answers 403, until it is on", async () => {
    const enrolment = await openEnrolmentLink(await createAdminWithCli(dataDir, "fresh@example.com", "fresh admin password"));
    const signedIn = await signIn("fresh@example.com", "fresh admin password", "198.51.100.30", {}, enrolment);
    expect(await signedIn.json()).toEqual({ signedIn: true, twoFactorEnabled: false });
    const cookie = cookiesFrom(signedIn);

    for (const path of ["/api/admin/leads", "/api/admin/submissions", "/api/admin/subscribers", "/api/admin/outbox"]) {
      const response = await fetch(base + path, { headers: { cookie } });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ error: expect.stringMatching(/^Set up two-factor sign-in first/) });
    }
    const send = await fetch(`${base}/api/send-daily-newsletter`, { method: "POST", headers: { cookie, origin: base } });
    expect(send.status).toBe(403);
    for (const path of pages.filter((page) => page !== "/admin/two-factor-setup")) {
      const response = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(`/admin/two-factor-setup?redirectTo=${encodeURIComponent(path)}`);
    }
    const setup = await fetch(`${base}/admin/two-factor-setup`, { headers: { cookie } });
    expect(setup.status).toBe(200);
    const html = await setup.text();
    expect(html).toContain("Set up two-factor sign-in");
    expect(html).not.toContain("lead@example.com");
  });

  it("the sign-in page sends an admin without two-factor straight to the set-up page", async () => {
    const enrolment = await openEnrolmentLink(await createAdminWithCli(dataDir, "fresh2@example.com", "fresh admin password"));
    const response = await fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.31", origin: base, cookie: enrolment },
      body: new URLSearchParams({
        intent: "password",
        email: "fresh2@example.com",
        password: "fresh admin password",
        redirectTo: "/admin/outbox",
      }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/two-factor-setup?redirectTo=%2Fadmin%2Foutbox");
  });
});

describe("the enrolment link that admin:create prints", () => {
  it("is needed for the first sign-in: the password alone is refused, saying where to get the link; the link works once", async () => {
    const printed = await createAdminWithCli(dataDir, "fresh3@example.com", "fresh admin password");
    expect(printed).toMatch(/Enrolment link \(one use, valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const link = new URL(enrolmentLinkFrom(printed));
    expect(link.origin).toBe(base);

    const alone = await signIn("fresh3@example.com", "fresh admin password", "198.51.100.32");
    expect(alone.status).toBe(403);
    expect(await alone.json()).toMatchObject({
      error: expect.stringMatching(/Open the enrolment link that `npm run admin:create` printed/),
    });
    expect(alone.headers.getSetCookie().join("\n")).not.toMatch(/session_token=[^;]/);
    const page = await fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.32", origin: base },
      body: new URLSearchParams({ intent: "password", email: "fresh3@example.com", password: "fresh admin password" }),
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("has not set up two-factor sign-in yet");

    const cookie = await openEnrolmentLink(printed);
    const again = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This enrolment link does not work");
    const signedIn = await signIn("fresh3@example.com", "fresh admin password", "198.51.100.32", {}, cookie);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ signedIn: true, twoFactorEnabled: false });
  });

  it("--reset-enrolment prints a new link for an enrolled admin and turns its two-factor off", async () => {
    const enrolled = await adminSession(base, dataDir, { email: "reset@example.com", clientIp: "198.51.100.33" });
    const plain = await createAdminWithCli(dataDir, enrolled.email, enrolled.password);
    expect(plain).not.toContain("/admin/enrol?token=");
    expect(plain).toContain("two-factor is already set up");
    const reset = await createAdminWithCli(dataDir, enrolled.email, enrolled.password, "", ["--reset-enrolment"]);
    expect(reset).toContain("Turned off two-factor sign-in");
    expect((await signIn(enrolled.email, enrolled.password, "198.51.100.33")).status).toBe(403);
    const cookie = await openEnrolmentLink(reset);
    expect(await (await signIn(enrolled.email, enrolled.password, "198.51.100.33", {}, cookie)).json()).toEqual({
      signedIn: true,
      twoFactorEnabled: false,
    });
  });
});

describe("sign-in API", () => {
  // May wait for the clock to reach a fresh 30-second step.
  it("offers only the sign-in steps: no trusted devices, none of better-auth's other endpoints", { timeout: 90_000 }, async () => {
    const pending = await signIn(admin.email, admin.password, "198.51.100.40");
    expect(await pending.json()).toEqual({ twoFactorRedirect: true });
    const twoFactorCookie = cookiesFrom(pending);
    const code = await freshTotpCode(admin.totp);
    const trusted = await postJson(base, "/api/auth/two-factor/verify-totp", { code, trustDevice: true }, "198.51.100.40", {
      cookie: twoFactorCookie,
      origin: base,
    });
    expect(trusted.status).toBe(400);
    expect(await trusted.json()).toMatchObject({ error: expect.stringMatching(/does not remember devices/) });
    expect(trusted.headers.getSetCookie().join("\n")).not.toMatch(/trust_device/);

    // The refused request did not use up the code.
    const verified = await postJson(base, "/api/auth/two-factor/verify-totp", { code }, "198.51.100.40", {
      cookie: twoFactorCookie,
      origin: base,
    });
    expect(verified.status).toBe(200);
    const session = cookiesFrom(verified);
    expect((await fetch(`${base}/api/admin/leads`, { headers: { cookie: session } })).status).toBe(200);
    // With that browser's cookies, the password alone still leads to the code step.
    const again = await postJson(base, "/api/auth/sign-in/email", { email: admin.email, password: admin.password }, "198.51.100.40", {
      cookie: `${session}; nordlys.trust_device=forged`,
      origin: base,
    });
    expect(await again.json()).toEqual({ twoFactorRedirect: true });

    for (const [method, path] of [
      ["GET", "/api/auth/get-session"],
      ["POST", "/api/auth/sign-up/email"],
      ["POST", "/api/auth/request-password-reset"],
      ["POST", "/api/auth/reset-password"],
      ["POST", "/api/auth/change-password"],
      ["POST", "/api/auth/two-factor/enable"],
      ["POST", "/api/auth/two-factor/disable"],
      ["POST", "/api/auth/two-factor/get-totp-uri"],
    ] as const) {
      const response = await fetch(base + path, {
        method,
        headers: { cookie: session, origin: base, "Content-Type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(response.status, path).toBe(404);
    }
  });
});

describe("requests from other sites", () => {
  it("are refused with 403 wherever admin state changes, and change nothing", async () => {
    const lead = await insertLead(dataDir, { name: "Kept Lead", email: "kept@example.com" });
    const cases: Array<{ method: string; path: string; body?: string; type?: string }> = [
      { method: "DELETE", path: `/api/admin/leads/${lead}` },
      { method: "POST", path: "/api/send-daily-newsletter" },
      { method: "POST", path: "/api/auth/sign-out", type: "application/json", body: "{}" },
      {
        method: "POST",
        path: "/api/auth/sign-in/email",
        type: "application/json",
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      },
      { method: "POST", path: "/admin/leads", body: `intent=delete&id=${lead}` },
      { method: "POST", path: "/admin/account", body: `intent=disable&password=${encodeURIComponent(admin.password)}` },
      { method: "POST", path: "/admin/sign-out", body: "" },
      { method: "POST", path: "/admin/login", body: `intent=password&email=${encodeURIComponent(admin.email)}&password=x` },
    ];
    for (const origin of [FOREIGN, "null", undefined]) {
      for (const { method, path, body, type } of cases) {
        const headers: Record<string, string> = { cookie: adminCookie, "Content-Type": type ?? "application/x-www-form-urlencoded" };
        if (origin) headers.origin = origin;
        const response = await fetch(base + path, { method, headers, body, redirect: "manual" });
        // React Router itself answers 400 to a page action whose Origin names another site; ours is 403.
        const refusals = origin && !path.startsWith("/api/") ? [400, 403] : [403];
        expect(refusals, `${method} ${path} from ${origin ?? "no Origin"}`).toContain(response.status);
        if (path.startsWith("/api/")) {
          expect(await response.json()).toMatchObject({ error: "This request came from another site and was refused." });
        }
      }
    }
    // Nothing happened: the lead is there, the session works, two-factor is still on.
    const leads = (await (await fetch(`${base}/api/admin/leads`, { headers: { cookie: adminCookie } })).json()) as {
      leads: Array<{ id: string }>;
    };
    expect(leads.leads.map((row) => row.id)).toContain(lead);
    const enabled = await withServerDatabase(
      dataDir,
      async (client) =>
        (await client.query<{ on: boolean }>("select two_factor_enabled as on from users where email = $1", [admin.email])).rows[0]?.on,
    );
    expect(enabled).toBe(true);
    // The same request from the site itself goes through.
    const same = await fetch(`${base}/api/admin/leads/${lead}`, { method: "DELETE", headers: admin.headers });
    expect(same.status).toBe(200);
  });
});

describe("auth mail in the outbox", () => {
  it("another admin sees that a reset link was sent, but not the link, on the page or over the API", async () => {
    const victim = await adminSession(base, dataDir, { email: "victim@example.com", clientIp: "198.51.100.60" });
    const requested = await fetch(`${base}/admin/forgot-password`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.61", origin: base },
      body: new URLSearchParams({ email: victim.email }),
    });
    expect(requested.status).toBe(200);

    type Listing = { messages: Array<{ file: string; to: string; subject: string; redacted: boolean }> };
    let listed: Listing["messages"][number] | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (await fetch(`${base}/api/admin/outbox`, { headers: { cookie: adminCookie } })).json()) as Listing;
          listed = list.messages.find((message) => message.to === victim.email);
          return listed;
        },
        { timeout: 20_000 },
      )
      .toMatchObject({ subject: expect.stringMatching(/Reset your .* admin password/), redacted: true });

    const viaApi = await fetch(`${base}/api/admin/outbox/${listed!.file}`, { headers: { cookie: adminCookie } });
    const message = (await viaApi.json()) as { text: string; redacted: boolean };
    expect(message.redacted).toBe(true);
    expect(JSON.stringify(message)).not.toMatch(/reset-password\?token|token=/);
    const viaPage = await (await fetch(`${base}/admin/outbox?file=${listed!.file}`, { headers: { cookie: adminCookie } })).text();
    expect(viaPage).toContain("not shown to admins");
    expect(viaPage).not.toMatch(/reset-password\?token/);
    // The operator of the server still has the whole message.
    const onDisk = await simpleParser(await fs.readFile(path.join(dataDir, "outbox", listed!.file)));
    expect(onDisk.text).toMatch(/reset-password\?token=/);
  });
});
