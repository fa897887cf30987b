import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLead, withServerDatabase } from "../support/admin-seed";
import { adminSession, postForm, type AdminSession } from "../support/admin-session";
import { startServerAtOwnUrl, stopServer, type ServerProcess } from "../support/server-process";

/**
 * The per-person export and erasure as an admin and an operator reach them (docs/inbox.md,
 * "Personal data (export and erase)"): the admin routes the person page links to, on the
 * production server, with the password confirmation the erase asks for; and
 * `npm run inbox:person` against the running server's database.
 */
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let server: ServerProcess;
let dataDir: string;
let base: string;
let admin: AdminSession;

async function personOf(email: string): Promise<string | null> {
  return withServerDatabase(dataDir, async (client) => {
    const { rows } = await client.query<{ id: string }>("select id from people where email_key = lower(btrim($1))", [email]);
    return rows[0]?.id ?? null;
  });
}

async function cli(...args: string[]) {
  return script("scripts/inbox-person.ts", ...args);
}

async function script(file: string, ...args: string[]) {
  return run(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), file, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    timeout: 60_000,
  });
}

beforeAll(async () => {
  ({ server, dataDir, base } = await startServerAtOwnUrl());
  admin = await adminSession(base, dataDir, { email: "gdpr-admin@example.com", clientIp: "198.51.100.31" });
  await insertLead(dataDir, {
    name: "Greta Export",
    email: " Greta@Example.com",
    messages: [{ role: "user", content: "We need a skybridge planner" }],
  });
  await insertLead(dataDir, { name: "Olaf Other", email: "olaf@example.com", messages: [{ role: "user", content: "Something else" }] });
}, 120_000);

afterAll(() => stopServer(server, dataDir));

describe("the admin routes", () => {
  it("export a person as a JSON download, audited, and only for admins", async () => {
    const greta = await personOf("greta@example.com");
    const anonymous = await fetch(`${base}/admin/inbox/people/${greta}/export`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);

    const response = await fetch(`${base}/admin/inbox/people/${greta}/export`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="person-${greta}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const body = (await response.json()) as { person: { email: string }; leads: Array<{ transcript: Array<{ content: string }> }> };
    expect(body.person.email).toBe("Greta@Example.com");
    expect(body.leads[0]!.transcript[0]!.content).toBe("We need a skybridge planner");
    expect(JSON.stringify(body)).not.toContain("olaf");

    for (const id of [MISSING_ID, "not-an-id"]) {
      expect((await fetch(`${base}/admin/inbox/people/${id}/export`, { headers: { cookie: admin.cookie } })).status).toBe(404);
    }
    const audit = await withServerDatabase(dataDir, (client) =>
      client.query("select target from admin_audit_log where action = 'export-person'"),
    );
    expect(audit.rows).toEqual([{ target: greta }]);
  });

  it("erase a person only with the admin's password, then go to the inbox with a toast", async () => {
    const greta = await personOf("greta@example.com");
    const page = await fetch(`${base}/admin/inbox/people/${greta}/erase`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Erase a person");
    expect(html).toContain("1 chat lead with their transcripts");

    const wrong = await postForm(base, `/admin/inbox/people/${greta}/erase`, { password: "not the password" }, admin.cookie, {
      "X-Forwarded-For": "198.51.100.32",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That password is not right");
    expect(await personOf("greta@example.com")).toBe(greta);

    const anonymous = await postForm(base, `/admin/inbox/people/${greta}/erase`, { password: admin.password }, "");
    expect(anonymous.status).toBe(302);
    expect(await personOf("greta@example.com")).toBe(greta);

    const erased = await postForm(base, `/admin/inbox/people/${greta}/erase`, { password: admin.password }, admin.cookie, {
      "X-Forwarded-For": "198.51.100.33",
    });
    expect(erased.status).toBe(302);
    expect(erased.headers.get("location")).toBe("/admin/inbox");
    expect(erased.headers.getSetCookie().some((cookie) => cookie.startsWith("toast="))).toBe(true);
    expect(await personOf("greta@example.com")).toBeNull();
    expect(await personOf("olaf@example.com")).not.toBeNull();
    const audit = await withServerDatabase(dataDir, (client) =>
      client.query("select target, user_email from admin_audit_log where action = 'erase-person'"),
    );
    expect(audit.rows).toEqual([{ target: greta, user_email: "gdpr-admin@example.com" }]);
    expect(JSON.stringify(audit.rows)).not.toContain("greta");

    const again = await postForm(base, `/admin/inbox/people/${greta}/erase`, { password: admin.password }, admin.cookie, {
      "X-Forwarded-For": "198.51.100.34",
    });
    // Already gone (another admin, another tab): back to the inbox, saying so.
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/admin/inbox");
  });
});

describe("npm run inbox:person", () => {
  // Each run starts tsx and connects to the server's database: tens of seconds on a busy machine.
  it("exports a person by address, matched as the inbox matches", async () => {
    const exported = await cli("export", "--email", " OLAF@example.com ");
    expect(JSON.parse(exported.stdout)).toMatchObject({ person: { email: "olaf@example.com" }, leads: [{ name: "Olaf Other" }] });
  }, 90_000);

  it("erases a person by address, and then knows nobody by it", async () => {
    const erased = await cli("erase", "--email", "olaf@example.com");
    expect(erased.stdout).toMatch(/^Erased olaf@example\.com \(1 leads, 1 enquiries.*\)\.\n$/);
    expect(await personOf("olaf@example.com")).toBeNull();
    await expect(cli("export", "--email", "olaf@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: "Nobody with the address olaf@example.com.\n",
    });
  }, 120_000);

  it("npm run newsletter:subscriber -- erase takes the person too when they only subscribed", async () => {
    await withServerDatabase(dataDir, (client) =>
      client.query("insert into newsletter_subscriptions (email, confirmed, confirmed_at) values ('nina@example.com', true, now())"),
    );
    expect(await personOf("nina@example.com")).not.toBeNull();
    const newsletter = await script("scripts/newsletter-subscriber.ts", "erase", "--email", "nina@example.com");
    expect(newsletter.stdout).toMatch(/^Erased nina@example\.com .*the person is gone too/);
    expect(await personOf("nina@example.com")).toBeNull();
  }, 90_000);
});
