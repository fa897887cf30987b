import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { mentoringMentors } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { setAppSecret } from "~/.server/secret";
import { refreshCalendars } from "~/features/mentoring/calendar-jobs.server";
import { bookingPageData } from "~/features/mentoring/mentoring-page.server";
import { saveCalendarConnection } from "~/features/mentoring/mentors.server";
import { setupTestDatabase } from "../support/database";
import { addEverydayMentor } from "../support/mentor";
import { restoreEnvAfterAll } from "../support/process-env";

/**
 * A mentor's calendar server gone bad (docs/mentoring.md, "When the calendar fails"): a 400 MB
 * answer, one that drips for ever, and one that is not XML. The scheduled read of every
 * mentor's calendar runs in this process, as the app's job does: the process lives, its memory
 * stays bounded, the mentor's calendar is marked as failing with a reason the admin can act
 * on, and the booking page keeps answering with the mentor's free times.
 */
const database = setupTestDatabase();
setAppSecret("chaos-calendar-secret-chaos-calendar-secret");
restoreEnvAfterAll();

const MENTOR = { id: "mentor-chaos", email: "chaos-mentor@nordlys.test", name: "Hedda Lunde" };
const sockets = new Set<Socket>();
const servers: http.Server[] = [];

async function calendarServer(answer: (res: http.ServerResponse) => void): Promise<string> {
  const server = http.createServer((_req, res) => answer(res));
  server.on("connection", (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendars/hedda/work/`;
}

beforeAll(async () => {
  process.env.NEWS_ALLOW_PRIVATE_HOSTS = "1"; // the hostile servers listen on 127.0.0.1
  resetEnvForTests();
  void database;
  await addEverydayMentor(MENTOR);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const calendarError = async () =>
  (await getDb().select({ error: mentoringMentors.caldavError }).from(mentoringMentors).where(eq(mentoringMentors.userId, MENTOR.id)))[0]
    ?.error ?? null;

async function readThrough(url: string, timeoutMs?: number): Promise<string | null> {
  await saveCalendarConnection(MENTOR.id, { url, username: "hedda", password: "app-password" });
  await refreshCalendars(new Date(), { timeoutMs });
  return calendarError();
}

async function expectBookingPageAnswers() {
  const page = await bookingPageData(new URL("https://nordlys.test/mentoring"));
  // The mentor's hours stand (the last good read, or none): the page lists free times of theirs.
  expect(page?.mentors.map((mentor) => mentor.id)).toContain(MENTOR.id);
  expect(page?.days.reduce((sum, day) => sum + day.count, 0)).toBeGreaterThan(0);
}

describe("a mentor's calendar server gone bad", () => {
  it("a 400 MB answer: read no further than 5 MB, marked as failing, the booking page answers", async () => {
    const url = await calendarServer((res) => {
      res.writeHead(207, { "Content-Type": "application/xml; charset=utf-8" });
      res.on("error", () => undefined);
      res.write('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">');
      const chunk = Buffer.alloc(64 * 1024, "<d:response><d:href>/calendars/hedda/work/x.ics</d:href></d:response>");
      let sent = 0;
      const more = () => {
        while (sent < 400 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end("</d:multistatus>");
      };
      more();
    });
    const heapBefore = process.memoryUsage().heapUsed;
    expect(await readThrough(url)).toMatch(/sent an answer over 5 MB; it was not read/);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
    await expectBookingPageAnswers();
  });

  it("an answer that drips: given up at the deadline, marked as failing, the booking page answers", async () => {
    const url = await calendarServer((res) => {
      res.writeHead(207, { "Content-Type": "application/xml" });
      const timer = setInterval(() => res.write("<d:response>"), 200);
      res.on("close", () => clearInterval(timer));
    });
    const started = Date.now();
    // The scheduled read's deadline is 10 s; 1.5 s here, the same code path.
    expect(await readThrough(url, 1_500)).toMatch(/did not answer within 1\.5 s/);
    expect(Date.now() - started).toBeLessThan(6_000);
    await expectBookingPageAnswers();
  });

  it("an answer that is not XML: marked as failing, the booking page answers", async () => {
    const url = await calendarServer((res) => {
      res.writeHead(207, { "Content-Type": "application/xml" });
      res.end('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/a<<<</d:multistatus');
    });
    expect(await readThrough(url)).toEqual(expect.any(String));
    await expectBookingPageAnswers();
  });
});
