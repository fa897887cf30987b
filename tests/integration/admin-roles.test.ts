import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTES, adminRouteOf, mayUse, ROLES, type Role } from "~/.server/permissions";
import routes from "~/routes";
import { simpleParser } from "mailparser";
import { withServerDatabase } from "../support/admin-seed";
import { adminSession, cookiesFrom, postForm, postJson, type AdminSession } from "../support/admin-session";
import { waitUntil } from "../support/wait-until";
import { startServerAtOwnUrl, stopServer, type ServerProcess } from "../support/server-process";

/**
 * Roles over HTTP, against the production server (docs/admin.md, "Roles"): the whole admin route
 * table is walked for every role. A route the role may not use answers 403, the API with
 * `{ error, code: "forbidden" }` and a page with "Not for your role"; one it may use answers
 * anything but 403. A route in app/routes.ts without a declared need fails here.
 */
let server: ServerProcess;
let dataDir: string;
let base: string;
const sessions = new Map<Role, AdminSession>();
const SOME_ID = "00000000-0000-4000-8000-000000000000";

/** Every route's full path ("/api/admin/leads/:id?") and module. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [
      ...(entry.path !== undefined || entry.index ? [{ path: `/${path}`, file: entry.file }] : []),
      ...flatten(entry.children ?? [], path),
    ];
  });
}

/** The admin's routes: everything under /admin and /api/admin, and any other route whose module asks for an admin. */
const adminPaths = [
  ...new Set(
    flatten(routes)
      .filter(
        ({ path, file }) => /^\/(api\/)?admin(\/|$)/.test(path) || /requireAdmin|adminEndpoint/.test(readFileSync(`app/${file}`, "utf8")),
      )
      .map(({ path }) => path),
  ),
];

/** A path to request for a route pattern: optional segments left out, the others a made-up id. */
const concrete = (pattern: string) => pattern.replace(/\/:[A-Za-z]+\?/g, "").replace(/:[A-Za-z]+/g, SOME_ID);

beforeAll(async () => {
  ({ server, dataDir, base } = await startServerAtOwnUrl());
  // One account per role, made side by side (each is the real CLI and a sign-in with two-factor set-up).
  await Promise.all(
    ROLES.map(async (role, index) =>
      sessions.set(
        role,
        await adminSession(base, dataDir, { email: `${role}@example.com`, roles: [role], clientIp: `198.51.100.${60 + index}` }),
      ),
    ),
  );
}, 300_000);

afterAll(() => stopServer(server, dataDir));

describe("the admin route table", () => {
  it("declares who may use every admin page and API route, and nothing that is not a route", () => {
    expect(adminPaths.length).toBeGreaterThan(30);
    expect(adminPaths.filter((path) => adminRouteOf(concrete(path))?.path !== path)).toEqual([]);
    expect(ADMIN_ROUTES.map((route) => route.path).filter((path) => !adminPaths.includes(path))).toEqual([]);
  });

  it("answers 403 to every role for what is not theirs, and lets each use what is", async () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      const { headers } = sessions.get(role)!;
      for (const pattern of adminPaths) {
        const route = adminRouteOf(concrete(pattern))!;
        if (route.access === "public") continue;
        let method = "GET";
        let response = await fetch(base + concrete(pattern), { headers, redirect: "manual" });
        // An endpoint that takes only POST (a release, a note) is asked with the method it takes.
        if (response.status === 405) {
          method = response.headers.get("Allow")?.split(",")[0]?.trim() ?? "POST";
          const json = { ...headers, "Content-Type": "application/json" };
          response = await fetch(base + concrete(pattern), { method, headers: json, body: "{}", redirect: "manual" });
        }
        const body = await response.text();
        const allowed = mayUse([role], route);
        const refused =
          response.status === 403 &&
          (pattern.startsWith("/api/")
            ? JSON.parse(body).code === "forbidden" && /not for your role/.test(JSON.parse(body).error)
            : /not for your role/i.test(body));
        if (allowed ? response.status === 403 : !refused) wrong.push(`${role} ${method} ${pattern}: ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("each role's admin", () => {
  it("shows each role only the navigation it may open, and a start page of its own without the studio's numbers", async () => {
    const mentor = await (await fetch(`${base}/admin`, { headers: { cookie: sessions.get("mentor")!.cookie } })).text();
    const nav = /<nav aria-label="Admin"[^>]*>([\s\S]*?)<\/nav>/.exec(mentor)?.[1] ?? "";
    expect(nav).toContain('href="/admin/mentoring"');
    // Their own learners are in the inbox: a mentor opens it, scoped (below).
    expect(nav).toContain('href="/admin/inbox"');
    for (const other of ["/admin/leads", "/admin/subscribers", "/admin/newsletter", "/admin/feeds", "/admin/outbox"])
      expect(nav).not.toContain(`href="${other}"`);
    expect(mentor).toContain("Your roles");
    expect(mentor).not.toContain("Visitors and page views");
    const owner = await (await fetch(`${base}/admin`, { headers: { cookie: sessions.get("owner")!.cookie } })).text();
    expect(owner).toContain("Visitors and page views");
    for (const page of ["/admin/inbox", "/admin/subscribers", "/admin/feeds", "/admin/outbox"]) expect(owner).toContain(`href="${page}"`);
  });

  it("lets Newsletter see subscribers but not export or erase them: that is the owner's and Sales'", async () => {
    const newsletter = sessions.get("newsletter")!;
    expect((await fetch(`${base}/api/admin/subscribers`, { headers: { cookie: newsletter.cookie } })).status).toBe(200);
    const exported = await fetch(`${base}/api/admin/subscribers?format=csv`, { headers: { cookie: newsletter.cookie } });
    expect(exported.status).toBe(403);
    expect(await exported.json()).toMatchObject({ code: "forbidden", error: expect.stringContaining("Sales or the owner") });
    const erased = await fetch(`${base}/api/admin/subscribers/${SOME_ID}`, { method: "DELETE", headers: newsletter.headers });
    expect(erased.status).toBe(403);
    const page = await (await fetch(`${base}/admin/subscribers`, { headers: { cookie: newsletter.cookie } })).text();
    expect(page).not.toContain("format=csv");
    expect(page).not.toContain("Erase subscriber");
    const form = await fetch(`${base}/admin/subscribers`, {
      method: "POST",
      redirect: "manual",
      headers: { ...newsletter.headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: SOME_ID }),
    });
    expect(form.status).toBe(403);
    // The newsletter page's own export and erase of one subscriber are not theirs either.
    const fromNewsletterPage = (session: AdminSession) =>
      postForm(base, "/admin/newsletter", { intent: "erase", email: "someone@example.com" }, session.cookie);
    expect((await fromNewsletterPage(newsletter)).status).toBe(403);
    expect(await (await fetch(`${base}/admin/newsletter`, { headers: { cookie: newsletter.cookie } })).text()).not.toContain(
      "Erase subscriber",
    );
    const sales = sessions.get("sales")!;
    expect((await fetch(`${base}/api/admin/subscribers?format=csv`, { headers: { cookie: sales.cookie } })).status).toBe(200);
    expect((await fromNewsletterPage(sessions.get("owner")!)).status).toBe(200);
    expect((await fetch(`${base}/api/admin/subscribers/${SOME_ID}`, { method: "DELETE", headers: sales.headers })).status).toBe(404);
  });
});

describe("a mentor's own view", () => {
  it("shows a mentor their own sessions only, and another mentor's booking is no booking for them (404)", async () => {
    const ids = await withServerDatabase(dataDir, async (client) => {
      const insert = async (email: string, learner: string) =>
        (
          await client.query<{ id: string }>(
            `insert into mentoring_bookings (mentor_id, starts_at, ends_at, occupied_until, status, name, email, time_zone, goals, disclaimer_accepted, video_url, uid)
             select id, now() + interval '3 hours', now() + interval '4 hours', now() + interval '4 hours', 'confirmed', $2, $3, 'Europe/Oslo', 'Evals.', true,
                    'https://meet.jit.si/Nordlys-' || md5($3), 'booking-' || md5($3) || '@nordlys.test'
               from users where email = $1 returning id`,
            [email, learner, `${learner.toLowerCase().replace(/ /g, ".")}@example.org`],
          )
        ).rows[0]!.id;
      await client.query(
        "insert into mentoring_mentors (user_id, profile_name) select id, name from users where email in ('mentor@example.com', 'owner@example.com')",
      );
      return { own: await insert("mentor@example.com", "Own Learner"), other: await insert("owner@example.com", "Other Learner") };
    });
    const mentor = sessions.get("mentor")!;
    const page = await (await fetch(`${base}/admin/mentoring`, { headers: { cookie: mentor.cookie } })).text();
    expect(page).toContain("Own Learner");
    expect(page).not.toContain("Other Learner");
    const owners = await (await fetch(`${base}/admin/mentoring`, { headers: { cookie: sessions.get("owner")!.cookie } })).text();
    expect(owners).toContain("Own Learner");
    expect(owners).toContain("Other Learner");
    const cancel = (id: string) => postForm(base, "/admin/mentoring", { intent: "cancel", id, back: "/admin/mentoring" }, mentor.cookie);
    expect((await cancel(ids.other)).status).toBe(404);
    const status = async (id: string) =>
      withServerDatabase(
        dataDir,
        async (client) =>
          (await client.query<{ status: string }>("select status from mentoring_bookings where id = $1", [id])).rows[0]!.status,
      );
    expect(await status(ids.other)).toBe("confirmed");
    expect((await cancel(ids.own)).status).toBe(302);
    expect(await status(ids.own)).toBe("cancelled");
    // Audited: who changed which booking, and how; and a mentor's own hours saved over the API.
    const hours = await fetch(`${base}/api/admin/mentoring/availability`, {
      method: "PUT",
      headers: { ...mentor.headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        timeZone: "Europe/Oslo",
        weekly: [],
        sessionMinutes: 60,
        bufferMinutes: 15,
        minNoticeHours: 24,
        horizonDays: 30,
      }),
    });
    expect(hours.status).toBe(200);
    const audited = await withServerDatabase(
      dataDir,
      async (client) =>
        (
          await client.query<{ action: string; target: string; summary: string }>(
            "select action, target, summary from admin_audit_log where user_email = 'mentor@example.com'",
          )
        ).rows,
    );
    expect(audited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "change-booking", target: ids.own, summary: "cancel" }),
        expect.objectContaining({ action: "change-hours", summary: "Availability saved (API)" }),
      ]),
    );
  });
});

describe("a mentor's learners", () => {
  /** A confirmed booking with the mentor who has this e-mail, its learner made a person by the database; the person's id. */
  const book = (mentorEmail: string, learner: string) =>
    withServerDatabase(dataDir, async (client) => {
      const email = `${learner.toLowerCase().replace(/ /g, ".")}@example.org`;
      await client.query(
        `insert into mentoring_mentors (user_id, profile_name) select id, name from users where email = $1 on conflict do nothing`,
        [mentorEmail],
      );
      return (
        await client.query<{ person_id: string }>(
          `insert into mentoring_bookings (mentor_id, starts_at, ends_at, occupied_until, status, name, email, time_zone, goals, disclaimer_accepted, video_url, uid)
           select id, now() + interval '5 days', now() + interval '5 days 1 hour', now() + interval '5 days 1 hour', 'confirmed', $2, $3, 'Europe/Oslo', 'Evals.', true,
                  'https://meet.jit.si/Nordlys-' || md5($3), 'booking-' || md5($3) || '@nordlys.test'
             from users where email = $1 returning person_id`,
          [mentorEmail, learner, email],
        )
      ).rows[0]!.person_id;
    });
  /** A form submission of this source; its person's id and its enquiry's id. */
  const submit = (source: "mentoring" | "contact", name: string) =>
    withServerDatabase(dataDir, async (client) => {
      const email = `${name.toLowerCase().replace(/ /g, ".")}@example.org`;
      await client.query(`insert into submissions (source, name, email, fields, disclaimer_accepted) values ($1, $2, $3, $4, true)`, [
        source,
        name,
        email,
        { message: `${name} would like help.` },
      ]);
      return (
        await client.query<{ person_id: string; id: string }>(
          "select e.person_id, e.id from enquiries e join people p on p.id = e.person_id where p.email = $1",
          [email],
        )
      ).rows[0]!;
    });

  it("shows a mentor their learners and mentoring enquiries given to them, answers 404 for anyone else's, and lets them work only those", async () => {
    const mentor = sessions.get("mentor")!;
    const owner = sessions.get("owner")!;
    const ownLearner = await book("mentor@example.com", "Bookd Learner");
    const otherLearner = await book("owner@example.com", "Elsewhere Learner");
    const request = await submit("mentoring", "Request Given");
    const contact = await submit("contact", "Sales Contact");
    const mentorId = await withServerDatabase(
      dataDir,
      async (client) => (await client.query<{ id: string }>("select id from users where email = 'mentor@example.com'")).rows[0]!.id,
    );
    const get = (path: string, session = mentor) => fetch(base + path, { headers: { cookie: session.cookie } });

    // Before the request is given to them: the learner who booked is theirs; the others are not.
    expect((await get(`/admin/inbox/people/${ownLearner}`)).status).toBe(200);
    for (const person of [otherLearner, request.person_id, contact.person_id]) {
      expect((await get(`/admin/inbox/people/${person}`)).status).toBe(404);
      expect((await get(`/api/admin/people/${person}`)).status).toBe(404);
    }
    // Only Sales and the owner give enquiries away; a mentoring request can go to a mentor, a sales one cannot.
    const api = (path: string, body: unknown) => postJson(base, path, body, "198.51.100.77", mentor.headers);
    const give = (enquiryId: string, personId: string, session: AdminSession) =>
      postForm(base, `/admin/inbox/people/${personId}`, { intent: "owner", enquiryId, ownerId: mentorId, via: "fetcher" }, session.cookie);
    expect((await give(contact.id, contact.person_id, owner)).status).toBe(400);
    expect((await give(request.id, request.person_id, owner)).status).toBe(200);
    expect((await get(`/admin/inbox/people/${request.person_id}`)).status).toBe(200);

    // The mentor's inbox lists their learners (this one, the request's, and the earlier test's
    // cancelled session's) and nobody else, over the page and the API.
    const list = (await (await get("/api/admin/people")).json()) as { people: Array<{ id: string; enquiries: Array<{ kind: string }> }> };
    const listed = list.people.map((person) => person.id);
    expect(listed).toEqual(expect.arrayContaining([ownLearner, request.person_id]));
    expect(listed).not.toContain(otherLearner);
    expect(listed).not.toContain(contact.person_id);
    expect(new Set(list.people.flatMap((person) => person.enquiries.map((enquiry) => enquiry.kind)))).toEqual(
      new Set(["booking", "mentoring"]),
    );
    // Their search looks at names and addresses, not at what the person wrote elsewhere.
    const found = async (q: string) => ((await (await get(`/api/admin/people?q=${q}`)).json()) as { people: unknown[] }).people.length;
    expect(await found("Bookd")).toBe(1);
    expect(await found("help")).toBe(0);
    const inbox = await (await get("/admin/inbox")).text();
    expect(inbox).toContain("Your learners");
    expect(inbox).toContain("Bookd Learner");
    expect(inbox).not.toContain("Elsewhere Learner");
    expect(inbox).not.toContain("Sales Contact");

    // Their learner's page has no export or erase, and no sales history.
    const page = await (await get(`/admin/inbox/people/${ownLearner}`)).text();
    expect(page).not.toContain("Export data");
    expect(page).not.toContain("Save owner");

    // They move and note their own learners' enquiries, and nobody else's; they give nothing away.
    const stage = (personId: string, enquiryId: string) => api(`/api/admin/people/${personId}/stage`, { enquiryId, stage: "scheduled" });
    expect((await stage(request.person_id, request.id)).status).toBe(200);
    expect((await stage(contact.person_id, contact.id)).status).toBe(404);
    const note = (personId: string) => api(`/api/admin/people/${personId}/notes`, { text: "Prefers mornings." });
    expect((await note(ownLearner)).status).toBe(201);
    expect((await note(otherLearner)).status).toBe(404);
    expect((await give(request.id, request.person_id, mentor)).status).toBe(403);
    const reply = await api(`/api/admin/people/${contact.person_id}/reply`, { enquiryId: contact.id, text: "Hello" });
    expect(reply.status).toBe(404);
    const detail = (await (await get(`/api/admin/people/${ownLearner}`)).json()) as { timeline: Array<{ type: string; body?: string }> };
    expect(detail.timeline.filter((entry) => entry.type === "event").map((entry) => entry.body)).toContain("Prefers mornings.");
    expect(detail.timeline.some((entry) => entry.type === "visit" || entry.type === "chat" || entry.type === "subscription")).toBe(false);
  });
});

describe("the team", () => {
  const owner = () => sessions.get("owner")!;
  const api = (path: string, method: string, body?: unknown, session = owner()) =>
    fetch(base + path, {
      method,
      headers: { ...session.headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The invitation mail to `to` in the server's outbox (no SMTP configured), and its link. */
  async function invitationLink(to: string): Promise<URL> {
    const text = await waitUntil(
      async () => {
        const dir = `${dataDir}/outbox`;
        for (const file of (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"))) {
          const mail = await simpleParser(await fs.readFile(`${dir}/${file}`));
          if (mail.to && JSON.stringify(mail.to).includes(to) && /invited you/.test(mail.text ?? "")) return mail.text ?? "";
        }
        return null;
      },
      20_000,
      `the invitation to ${to}`,
    );
    return new URL(/https?:\/\/\S+\/admin\/enrol\?token=[A-Za-z0-9_%-]+/.exec(text)![0]);
  }

  it("invites by e-mail: the link's page asks for a password (opening it uses nothing up), then the first sign-in goes on", async () => {
    const invited = await api("/api/admin/team/invitations", "POST", { email: "Ingrid@Example.com", roles: ["editor", "newsletter"] });
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({ status: "invited", linkSent: true });
    const link = await invitationLink("ingrid@example.com");
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${base}${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Choose your password");
    }
    const chosen = await postForm(
      base,
      "/admin/enrol",
      { token: link.searchParams.get("token")!, password: "a password for ingrid", confirm: "a password for ingrid" },
      "",
    );
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe("/admin/login");
    const signedIn = await postJson(
      base,
      "/api/auth/sign-in/email",
      { email: "ingrid@example.com", password: "a password for ingrid" },
      "198.51.100.80",
      {
        cookie: cookiesFrom(chosen),
        origin: base,
      },
    );
    expect(signedIn.status).toBe(200);
    // Used: the link no longer opens anything.
    expect((await fetch(`${base}${link.pathname}${link.search}`)).status).toBe(410);
    const team = (await (await api("/api/admin/team", "GET")).json()) as {
      members: Array<{ email: string; roles: string[]; hasPassword: boolean }>;
    };
    expect(team.members.find((member) => member.email === "ingrid@example.com")).toMatchObject({
      roles: ["editor", "newsletter"],
      hasPassword: true,
    });
  });

  it("an invitation link expires after 24 hours", async () => {
    expect((await api("/api/admin/team/invitations", "POST", { email: "late@example.com", roles: ["sales"] })).status).toBe(201);
    const link = await invitationLink("late@example.com");
    await withServerDatabase(dataDir, (client) =>
      client.query(
        "update verifications set expires_at = now() - interval '1 second' where identifier like 'admin-enrolment:%' and identifier = 'admin-enrolment:' || (select id from users where email = 'late@example.com')",
      ),
    );
    const page = await fetch(`${base}${link.pathname}${link.search}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This enrolment link does not work");
  });

  it("changes roles with effect on the next request, ends a removed member's sessions at once, and always keeps an owner", async () => {
    const member = await adminSession(base, dataDir, { email: "ola@example.com", roles: ["sales"], clientIp: "198.51.100.81" });
    expect((await fetch(`${base}/api/admin/leads`, { headers: { cookie: member.cookie } })).status).toBe(200);
    const team = (await (await api("/api/admin/team", "GET")).json()) as { members: Array<{ id: string; email: string }> };
    const id = team.members.find((one) => one.email === "ola@example.com")!.id;
    const changed = await api(`/api/admin/team/${id}/roles`, "PUT", { roles: ["newsletter"] });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ member: { roles: ["newsletter"] } });
    expect((await fetch(`${base}/api/admin/leads`, { headers: { cookie: member.cookie } })).status).toBe(403);
    expect((await fetch(`${base}/api/admin/subscribers`, { headers: { cookie: member.cookie } })).status).toBe(200);

    expect((await api(`/api/admin/team/${id}`, "DELETE")).status).toBe(200);
    const after = await fetch(`${base}/api/admin/subscribers`, { headers: { cookie: member.cookie } });
    expect(after.status).toBe(401);

    // The only owner can be neither demoted nor removed.
    const ownerId = team.members.find((one) => one.email === "owner@example.com")!.id;
    const demoted = await api(`/api/admin/team/${ownerId}/roles`, "PUT", { roles: ["sales"] });
    expect(demoted.status).toBe(409);
    expect(await demoted.json()).toMatchObject({ code: "conflict", error: "The team needs an owner: make someone else an owner first." });
    expect((await api(`/api/admin/team/${ownerId}`, "DELETE")).status).toBe(409);
    expect((await api(`/api/admin/team/${ownerId}/roles`, "PUT", { roles: [] })).status).toBe(400);
    expect((await api("/api/admin/team/invitations", "POST", { email: "x@example.com", roles: ["boss"] })).status).toBe(400);
    const log = await withServerDatabase(
      dataDir,
      async (client) => (await client.query<{ action: string }>("select action from admin_audit_log")).rows,
    );
    expect(log.map((row) => row.action)).toEqual(expect.arrayContaining(["invite", "change-roles", "remove-member"]));
  });
});

describe("the audit log", () => {
  const owner = () => sessions.get("owner")!;
  type Entry = { at: string; actor: string; action: string; target: string | null; summary: string | null; ip: string | null };
  const audit = async (query: string) =>
    (await (await fetch(`${base}/api/admin/audit?${query}`, { headers: { cookie: owner().cookie } })).json()) as {
      entries: Entry[];
      nextCursor: string | null;
    };

  it("writes an entry with each change that happened, and none for one that did not (a delete of what is gone)", async () => {
    const gone = await fetch(`${base}/api/admin/leads/${SOME_ID}`, { method: "DELETE", headers: owner().headers });
    expect(gone.status).toBe(404);
    expect((await audit("action=delete-lead")).entries).toEqual([]);
    const lead = await withServerDatabase(
      dataDir,
      async (client) =>
        (
          await client.query<{ id: string }>(
            "insert into leads (name, email, message) values ('Gone Soon', 'gone.soon@example.org', 'Hi') returning id",
          )
        ).rows[0]!.id,
    );
    expect((await fetch(`${base}/api/admin/leads/${lead}`, { method: "DELETE", headers: owner().headers })).status).toBe(200);
    expect((await fetch(`${base}/api/admin/leads/${lead}`, { method: "DELETE", headers: owner().headers })).status).toBe(404);
    expect((await audit("action=delete-lead")).entries.map((entry) => entry.target)).toEqual([lead]);
    // The newsletter page's erasure by address: an entry with the erasure, none when nobody had that address.
    const before = (await audit("action=erase-person")).entries.length;
    await withServerDatabase(dataDir, (client) =>
      client.query("insert into newsletter_subscriptions (email, confirmed, confirmed_at) values ('erase.me@example.org', true, now())"),
    );
    const erase = () => postForm(base, "/admin/newsletter", { intent: "erase", email: "erase.me@example.org" }, owner().cookie);
    expect((await erase()).status).toBe(200);
    expect((await erase()).status).toBe(200);
    const erasures = (await audit("action=erase-person")).entries;
    expect(erasures.length - before).toBe(1);
    expect(erasures[0]).toMatchObject({ target: "a subscriber", summary: "from the newsletter page" });
  });

  it("keeps failed sign-ins of accounts with the address they came from, and not of addresses that are no account", async () => {
    for (const email of ["mentor@example.com", "nobody-here@example.com"])
      expect((await postJson(base, "/api/auth/sign-in/email", { email, password: "not the password at all" }, "203.0.113.77")).status).toBe(
        401,
      );
    const { entries } = await audit("action=sign-in-failed");
    expect(entries).toEqual([expect.objectContaining({ actor: "mentor@example.com", target: "password", ip: "203.0.113.77" })]);
    const signIns = await audit("action=sign-in&actor=MENTOR@");
    expect(signIns.entries.length).toBeGreaterThan(0);
    expect(signIns.entries.every((entry) => entry.actor === "mentor@example.com")).toBe(true);
  });

  it("answers the team's changes with who, what and before and after, filters by day, and exports CSV", async () => {
    const { entries } = await audit("action=change-roles");
    expect(entries[0]).toMatchObject({ actor: "owner@example.com", target: "ola@example.com", summary: "Sales → Newsletter" });
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`from=${today}&to=${today}`)).entries.length).toBeGreaterThan(3);
    expect((await audit("to=2020-01-01")).entries).toEqual([]);
    expect((await fetch(`${base}/api/admin/audit?from=yesterday`, { headers: { cookie: owner().cookie } })).status).toBe(400);
    const csv = await fetch(`${base}/api/admin/audit?format=csv&action=invite`, { headers: { cookie: owner().cookie } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("at,actor,action,target,summary,ip");
    expect(text).toContain("ingrid@example.com");
    const page = await (await fetch(`${base}/admin/audit?action=invite`, { headers: { cookie: owner().cookie } })).text();
    expect(page).toContain("ingrid@example.com");
  });

  it("has the other admin changes too: a newsletter send, a saved reply added", async () => {
    expect((await fetch(`${base}/api/send-daily-newsletter`, { method: "POST", headers: owner().headers })).status).toBe(200);
    const saved = await postForm(
      base,
      "/admin/inbox/saved-replies",
      { title: "Thanks for writing", body: "We will answer within a day." },
      owner().cookie,
    );
    expect(saved.status).toBe(302);
    expect((await audit("action=newsletter-send")).entries[0]).toMatchObject({ actor: "owner@example.com", target: "today's issue" });
    expect((await audit("action=change-saved-reply")).entries[0]).toMatchObject({ target: "Thanks for writing", summary: "added" });
    // The team page answers the last owner's removal as the error model maps a conflict, on the page.
    const team = (await (await fetch(`${base}/api/admin/team`, { headers: { cookie: owner().cookie } })).json()) as {
      members: Array<{ id: string; email: string }>;
    };
    const ownerId = team.members.find((one) => one.email === "owner@example.com")!.id;
    const refused = await postForm(base, "/admin/team", { intent: "remove", userId: ownerId }, owner().cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("The team needs an owner: make someone else an owner first.");
  });

  it("cannot be changed or removed, even with the app's own database credentials", async () => {
    await withServerDatabase(dataDir, async (client) => {
      for (const statement of ["update admin_audit_log set action = 'nothing'", "delete from admin_audit_log", "truncate admin_audit_log"])
        await expect(client.query(statement), statement).rejects.toThrow(/append-only/);
      expect((await client.query<{ n: number }>("select count(*)::int as n from admin_audit_log")).rows[0]!.n).toBeGreaterThan(5);
    });
  });
});
