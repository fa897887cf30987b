import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withServerDatabase } from "../support/admin-seed";
import { adminSession, postForm, type AdminSession } from "../support/admin-session";
import { startServerAtOwnUrl, stopServer, type ServerProcess } from "../support/server-process";

/**
 * The inbox's admin API and pages over HTTP, against the production server: sign-in and
 * same-origin rules as the other admin endpoints, the list's search and filters, a person with
 * their timeline, stage changes (Won needs a value; another person's enquiry is not found),
 * notes, bad input answered 400 (never 500), and no person's data on another's page.
 */
let server: ServerProcess;
let dataDir: string;
let base: string;
let admin: AdminSession;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const ids = { anna: "", annaEnquiry: "", bjorn: "", bjornEnquiry: "" };

beforeAll(async () => {
  ({ server, dataDir, base } = await startServerAtOwnUrl());
  admin = await adminSession(base, dataDir, { clientIp: "198.51.100.61" });
  await withServerDatabase(dataDir, async (client) => {
    await client.query(
      "insert into leads (name, email, message, conversation_context) values ('Anna Nilsen', 'anna@example.com', 'Our office is in Bergen', $1)",
      [
        JSON.stringify({
          messages: [
            { role: "user", content: "Hello" },
            { role: "assistant", content: "Hi, **welcome**" },
          ],
        }),
      ],
    );
    await client.query(
      "insert into submissions (source, name, email, fields, disclaimer_accepted) values ('contact', 'Bjørn Dahl', 'bjorn@example.com', $1, true)",
      [JSON.stringify({ message: "Project Polarlys" })],
    );
    const rows = await client.query<{ person_id: string; id: string; email: string }>(
      "select e.person_id, e.id, p.email from enquiries e join people p on p.id = e.person_id",
    );
    for (const row of rows.rows) {
      if (row.email === "anna@example.com") Object.assign(ids, { anna: row.person_id, annaEnquiry: row.id });
      else Object.assign(ids, { bjorn: row.person_id, bjornEnquiry: row.id });
    }
  });
}, 120_000);

afterAll(() => stopServer(server, dataDir));

const get = (path: string, headers: Record<string, string> = admin.headers) => fetch(base + path, { headers });
/** The board's and the person page's plain stage form, posted to `path`. */
const postStage = (path: string, enquiryId: string, stage: string) =>
  postForm(base, path, { intent: "stage", enquiryId, stage }, admin.cookie);
const post = (path: string, body: unknown, headers: Record<string, string> = admin.headers) =>
  fetch(base + path, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("the people API", () => {
  it("refuses callers who are not signed in and requests from another site", async () => {
    expect((await get("/api/admin/people", {})).status).toBe(401);
    expect((await get(`/api/admin/people/${ids.anna}`, {})).status).toBe(401);
    expect((await post(`/api/admin/people/${ids.anna}/notes`, { text: "x" }, {})).status).toBe(401);
    expect(
      (
        await post(
          `/api/admin/people/${ids.anna}/stage`,
          { enquiryId: ids.annaEnquiry, stage: "lost" },
          { cookie: admin.cookie, origin: "https://attacker.example" },
        )
      ).status,
    ).toBe(403);
    expect((await fetch(`${base}/api/admin/people/${ids.anna}/stage`, { headers: admin.headers })).status).toBe(405);
  });

  it("lists and searches people, and filters by stage and kind", async () => {
    const all = await (await get("/api/admin/people")).json();
    expect(all.total).toBe(2);
    const bergen = await (await get("/api/admin/people?q=Bergen")).json();
    expect(bergen.people.map((person: { id: string }) => person.id)).toEqual([ids.anna]);
    const contact = await (await get("/api/admin/people?kind=contact&stage=new")).json();
    expect(contact.people.map((person: { id: string }) => person.id)).toEqual([ids.bjorn]);
    // Nonsense in the query string is ignored, never an error.
    const odd = await get("/api/admin/people?page=-4&stage=nope&kind=lots&owner=x&q=%27%29%28%3A*%26%7C");
    expect(odd.status).toBe(200);
    expect((await get("/api/admin/people?q=%00")).status).toBe(400);
  });

  it("moves an enquiry through the stages; Won needs a value; another person's enquiry is not found", async () => {
    const moved = await post(`/api/admin/people/${ids.anna}/stage`, { enquiryId: ids.annaEnquiry, stage: "qualified" });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ stage: "qualified", previousStage: "new", changed: true });
    const noValue = await post(`/api/admin/people/${ids.anna}/stage`, { enquiryId: ids.annaEnquiry, stage: "won" });
    expect(noValue.status).toBe(400);
    expect((await noValue.json()).error).toMatch(/value/i);
    const won = await post(`/api/admin/people/${ids.anna}/stage`, {
      enquiryId: ids.annaEnquiry,
      stage: "won",
      value: 42000,
      currency: "NOK",
    });
    expect(won.status).toBe(200);
    const foreign = await post(`/api/admin/people/${ids.anna}/stage`, { enquiryId: ids.bjornEnquiry, stage: "lost" });
    expect(foreign.status).toBe(404);
    expect((await post(`/api/admin/people/${MISSING_ID}/stage`, { enquiryId: ids.annaEnquiry, stage: "lost" })).status).toBe(404);
    expect((await post("/api/admin/people/not-a-uuid/stage", { enquiryId: ids.annaEnquiry, stage: "lost" })).status).toBe(404);
    const person = await (await get(`/api/admin/people/${ids.bjorn}`)).json();
    expect(person.enquiries[0].stage).toBe("new");
  });

  it("adds notes (length-capped), found by search", async () => {
    const added = await post(`/api/admin/people/${ids.bjorn}/notes`, { text: "Prefers Nynorsk, lives near Bergen" });
    expect(added.status).toBe(201);
    expect((await post(`/api/admin/people/${ids.bjorn}/notes`, { text: "x".repeat(5001) })).status).toBe(400);
    expect((await post(`/api/admin/people/${ids.bjorn}/notes`, { text: "   " })).status).toBe(400);
    const found = await (await get("/api/admin/people?q=nynorsk")).json();
    expect(found.people.map((person: { id: string }) => person.id)).toEqual([ids.bjorn]);
    const both = await (await get("/api/admin/people?q=bergen")).json();
    expect(both.total).toBe(2);
  });

  it("answers bad input with 400, never 500", async () => {
    const path = `/api/admin/people/${ids.anna}/stage`;
    const bodies: unknown[] = [
      {},
      [],
      "text",
      42,
      null,
      { enquiryId: "nope", stage: "won" },
      { enquiryId: ids.annaEnquiry, stage: "archived" },
      { enquiryId: ids.annaEnquiry, stage: "won", value: "lots", currency: "NOK" },
      { enquiryId: ids.annaEnquiry, stage: "won", value: -1, currency: "NOK" },
      { enquiryId: ids.annaEnquiry, stage: "won", value: 1e30, currency: "NOK" },
      { enquiryId: ids.annaEnquiry, stage: "won", value: 10, currency: "kroner" },
      { enquiryId: ids.annaEnquiry, stage: "won", value: { a: 1 }, currency: "NOK" },
      { enquiryId: ids.annaEnquiry, stage: "requested" },
    ];
    for (const body of bodies) {
      const response = await post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toBeTruthy();
    }
    for (const body of [{}, { text: 5 }, { text: ["a"] }, null]) {
      expect((await post(`/api/admin/people/${ids.anna}/notes`, body)).status).toBe(400);
    }
    const notJson = await fetch(base + path, {
      method: "POST",
      headers: { ...admin.headers, "Content-Type": "text/plain" },
      body: "stage=won",
    });
    expect(notJson.status).toBe(415);
    const broken = await fetch(base + path, {
      method: "POST",
      headers: { ...admin.headers, "Content-Type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
  });
});

describe("the pages", () => {
  it("show a person's own things only, and their forms work without JavaScript", async () => {
    const anna = await (await get(`/admin/inbox/people/${ids.anna}`)).text();
    expect(anna).toContain("Our office is in Bergen");
    expect(anna).toContain(`/admin/inbox/people/${ids.anna}/reply?enquiry=${ids.annaEnquiry}`);
    expect(anna).not.toMatch(/Polarlys|Nynorsk|bjorn@example.com/);
    const bjorn = await (await get(`/admin/inbox/people/${ids.bjorn}`)).text();
    expect(bjorn).toMatch(/Polarlys/);
    expect(bjorn).not.toMatch(/Our office is in Bergen|anna@example.com/);

    // The board's plain form: a stage select and a submit button.
    const moved = await postStage("/admin/inbox?view=board", ids.bjornEnquiry, "contacted");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/admin/inbox?view=board");
    // Won without a value: the page again, with the field's message.
    const won = await postStage(`/admin/inbox/people/${ids.bjorn}`, ids.bjornEnquiry, "won");
    expect(won.status).toBe(400);
    expect(await won.text()).toContain("Won needs the deal");
    // Another person's enquiry from this person's page: not found, nothing changed.
    const foreign = await postStage(`/admin/inbox/people/${ids.bjorn}`, ids.annaEnquiry, "lost");
    expect(foreign.status).toBe(404);
    const note = await postForm(base, `/admin/inbox/people/${ids.bjorn}`, { intent: "note", text: "Called, back next week" }, admin.cookie);
    expect(note.status).toBe(302);
    const after = await (await get(`/admin/inbox/people/${ids.bjorn}`)).text();
    expect(after).toContain("Called, back next week");
    expect(after).toContain("New → Contacted");
    expect((await get(`/admin/inbox/people/${MISSING_ID}`)).status).toBe(404);
    expect((await get("/admin/inbox/people/nope")).status).toBe(404);
    const foreignSite = await postForm(base, `/admin/inbox/people/${ids.bjorn}`, { intent: "note", text: "x" }, admin.cookie, {
      origin: "https://attacker.example",
    });
    expect(foreignSite.status).toBe(403);
  });
});
