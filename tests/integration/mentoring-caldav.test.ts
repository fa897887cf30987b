import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  busyFromICalendar,
  CalendarError,
  checkCalendar,
  deleteBookingEvent,
  fetchBusy,
  putBookingEvent,
  type CalendarConnection,
} from "~/features/mentoring/caldav.server";
import { resetEnvForTests } from "~/.server/env";
import { freePort } from "../support/free-port";
import { restoreEnvAfterAll } from "../support/process-env";
import { startRadicale, type TestRadicale } from "../support/radicale";

/**
 * A mentor's own calendar over CalDAV (app/features/mentoring/caldav.server.ts) against a real
 * Radicale: the connection check, busy times (time zones, recurrence across a daylight-saving
 * change, all-day, free and cancelled events) and writing and removing a booking's event.
 * No database: the file only needs Radicale (tests/support/radicale.ts).
 */
let radicale: TestRadicale;
let conn: CalendarConnection;

// Radicale and the hostile servers below listen on 127.0.0.1: the address guard lets them in only
// with NEWS_ALLOW_PRIVATE_HOSTS (the guard's own test turns it off).
restoreEnvAfterAll();
process.env.NEWS_ALLOW_PRIVATE_HOSTS = "1";
resetEnvForTests();

/** A local server that answers every request with `answer`, for as long as the test runs. */
async function hostileServer(answer: (res: http.ServerResponse) => void) {
  const sockets = new Set<Socket>();
  const server = http.createServer((_req, res) => answer(res));
  server.on("connection", (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cal/`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Writes `total` bytes of a multistatus answer in 64 KB chunks, as fast as the client reads. */
function streamHugeAnswer(res: http.ServerResponse, total: number) {
  res.writeHead(207, { "Content-Type": "application/xml; charset=utf-8" });
  const chunk = Buffer.alloc(64 * 1024, "<d:response><d:href>/x</d:href></d:response>");
  let sent = 0;
  const more = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    res.end();
  };
  res.write('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">');
  more();
  res.on("error", () => undefined);
}

const OSLO = "Europe/Oslo";

/** Europe/Oslo as calendar apps write it (EU rules since 1996). */
const OSLO_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Oslo",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A VCALENDAR with the Oslo VTIMEZONE and one VEVENT of the given lines. */
function ics(uid: string, lines: string[], options: { method?: string } = {}): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Nordlys//CalDAV test//EN",
    ...(options.method ? [`METHOD:${options.method}`] : []),
    ...OSLO_VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20270101T000000Z",
    ...lines,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** Puts an object straight into the test calendar, as the mentor's own calendar app would. */
async function putRaw(name: string, body: string): Promise<void> {
  const response = await fetch(`${radicale.calendarUrl}${name}.ics`, {
    method: "PUT",
    headers: {
      Authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString("base64")}`,
      "Content-Type": "text/calendar; charset=utf-8",
    },
    body,
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`PUT ${name}.ics answered ${response.status}`);
}

const iso = (intervals: Array<{ start: Date; end: Date }>) => intervals.map(({ start, end }) => [start.toISOString(), end.toISOString()]);

beforeAll(async () => {
  radicale = await startRadicale();
  conn = { url: radicale.calendarUrl, username: radicale.username, password: radicale.password };
});

afterAll(async () => {
  await radicale?.stop();
});

describe("checkCalendar", () => {
  it("finds the calendar collection and its name", async () => {
    expect(await checkCalendar(conn)).toEqual({ ok: true, calendarUrl: radicale.calendarUrl, displayName: "Mentoring" });
  });

  it("says the password was refused, without the password in the message", async () => {
    const wrong = "not-the-app-password";
    const result = await checkCalendar({ ...conn, password: wrong });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/refused the user name or password \(401\)/);
    expect(result.message).not.toContain(wrong);
  });

  it("says nothing is at a wrong calendar URL", async () => {
    const result = await checkCalendar({ ...conn, url: `${radicale.url}${radicale.username}/no-such-calendar/` });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/Nothing was found at .*no-such-calendar.* \(404\)/) });
  });

  it("says when the server cannot be reached, and rejects a URL with the password in it", async () => {
    const closed = await freePort();
    const unreachable = await checkCalendar({ ...conn, url: `http://127.0.0.1:${closed}/dav/` });
    expect(unreachable).toEqual({
      ok: false,
      message: expect.stringMatching(/Could not reach the calendar server at 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/),
    });
    const withPassword = await checkCalendar({ ...conn, url: `http://mentor:secret@127.0.0.1:${closed}/` });
    expect(withPassword).toEqual({ ok: false, message: expect.stringMatching(/not in the calendar URL/) });
    expect(JSON.stringify(withPassword)).not.toContain("secret");
  });

  it("gives up on a server that never answers within the timeout", async () => {
    const sockets = new Set<Socket>();
    const silent = http.createServer(() => {
      // never answers
    });
    silent.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const result = await checkCalendar({ ...conn, url: `http://127.0.0.1:${port}/` }, { timeoutMs: 300 });
      expect(result).toEqual({ ok: false, message: expect.stringMatching(/did not answer within 0\.3 s/) });
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect(
        fetchBusy({ ...conn, url: `http://127.0.0.1:${port}/cal/` }, new Date(), new Date(Date.now() + 3_600_000), OSLO, {
          timeoutMs: 300,
        }),
      ).rejects.toMatchObject({
        name: "CalendarError",
        code: "timeout",
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("refuses a 400 MB answer after 5 MB, streamed or announced, without the memory of it", async () => {
    const huge = await hostileServer((res) => streamHugeAnswer(res, 400 * 1024 * 1024));
    const announced = await hostileServer((res) => {
      res.writeHead(207, { "Content-Type": "application/xml", "Content-Length": String(400 * 1024 * 1024) });
      res.write("<d:multistatus>");
    });
    try {
      const heapBefore = process.memoryUsage().heapUsed;
      const window: [Date, Date] = [new Date(), new Date(Date.now() + 3_600_000)];
      for (const url of [huge.url, announced.url]) {
        await expect(fetchBusy({ ...conn, url }, ...window, OSLO, { timeoutMs: 20_000 })).rejects.toMatchObject({
          name: "CalendarError",
          code: "too_large",
          message: expect.stringMatching(/sent an answer over 5 MB; it was not read/),
        });
      }
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
      expect(await checkCalendar({ ...conn, url: huge.url })).toEqual({ ok: false, message: expect.stringMatching(/over 5 MB/) });
    } finally {
      await huge.close();
      await announced.close();
    }
  });

  it("gives up on an answer that drips slowly past the deadline, and on malformed XML", async () => {
    const drip = await hostileServer((res) => {
      res.writeHead(207, { "Content-Type": "application/xml" });
      const timer = setInterval(() => res.write("<d:response>"), 50);
      res.on("close", () => clearInterval(timer));
    });
    const malformed = await hostileServer((res) => {
      res.writeHead(207, { "Content-Type": "application/xml" });
      res.end('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/a<<<</d:multistatus');
    });
    try {
      const started = Date.now();
      const window: [Date, Date] = [new Date(), new Date(Date.now() + 3_600_000)];
      await expect(fetchBusy({ ...conn, url: drip.url }, ...window, OSLO, { timeoutMs: 600 })).rejects.toMatchObject({
        code: "timeout",
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect(fetchBusy({ ...conn, url: malformed.url }, ...window, OSLO)).rejects.toBeInstanceOf(CalendarError);
    } finally {
      await drip.close();
      await malformed.close();
    }
  });

  it("connects only to public addresses without NEWS_ALLOW_PRIVATE_HOSTS, and says nothing of what answers there", async () => {
    const answering = await hostileServer((res) => {
      res.writeHead(418, { "Content-Type": "text/plain" });
      res.end("internal secret");
    });
    process.env.NEWS_ALLOW_PRIVATE_HOSTS = "";
    resetEnvForTests();
    try {
      const port = new URL(answering.url).port;
      for (const url of [
        answering.url,
        `http://localhost:${port}/cal/`,
        `http://[::7f00:1]:${port}/cal/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
      ]) {
        const result = await checkCalendar({ ...conn, url });
        expect(result).toEqual({ ok: false, message: expect.stringMatching(/is not a public address/) });
        expect(JSON.stringify(result)).not.toMatch(/418|secret/);
      }
    } finally {
      process.env.NEWS_ALLOW_PRIVATE_HOSTS = "1";
      resetEnvForTests();
      await answering.close();
    }
  });

  it("discovers the event calendar from the server URL, not the tasks-only one beside it", async () => {
    await radicale.makeCalendar("0-tasks", { displayName: "Tasks", components: ["VTODO"] });
    const result = await checkCalendar({ ...conn, url: radicale.url });
    expect(result).toEqual({ ok: true, calendarUrl: radicale.calendarUrl, displayName: "Mentoring" });
    // And the tasks-only calendar itself is refused as not holding events.
    const tasks = await checkCalendar({ ...conn, url: `${radicale.url}${radicale.username}/0-tasks/` });
    expect(tasks).toEqual({ ok: false, message: expect.stringMatching(/for VTODO only, not for events/) });
  });
});

describe("fetchBusy", () => {
  const week = { from: new Date("2027-03-15T00:00:00Z"), to: new Date("2027-04-05T00:00:00Z") };

  beforeAll(async () => {
    // Thursday 11 March, 10:00–11:00 in Oslo (CET, +01:00): outside the range asked below.
    await putRaw(
      "before-range",
      ics("before-range@test", ["DTSTART;TZID=Europe/Oslo:20270311T100000", "DTEND;TZID=Europe/Oslo:20270311T110000", "SUMMARY:Earlier"]),
    );
    // Tuesday 16 March, 10:00–11:00 in Oslo.
    await putRaw(
      "single",
      ics("single@test", ["DTSTART;TZID=Europe/Oslo:20270316T100000", "DTEND;TZID=Europe/Oslo:20270316T110000", "SUMMARY:Dentist"]),
    );
    // Thursdays 18 and 25 March (CET) and 1 April (CEST, after the change on 28 March), 10:00 Oslo.
    await putRaw(
      "weekly",
      ics("weekly@test", [
        "DTSTART;TZID=Europe/Oslo:20270318T100000",
        "DTEND;TZID=Europe/Oslo:20270318T110000",
        "RRULE:FREQ=WEEKLY;COUNT=3",
        "SUMMARY:Team",
      ]),
    );
    // Shown as free, and cancelled: neither blocks time.
    await putRaw(
      "free",
      ics("free@test", [
        "DTSTART;TZID=Europe/Oslo:20270317T120000",
        "DTEND;TZID=Europe/Oslo:20270317T130000",
        "TRANSP:TRANSPARENT",
        "SUMMARY:Reminder",
      ]),
    );
    await putRaw(
      "cancelled",
      ics("cancelled@test", [
        "DTSTART;TZID=Europe/Oslo:20270317T140000",
        "DTEND;TZID=Europe/Oslo:20270317T150000",
        "STATUS:CANCELLED",
        "SUMMARY:Off",
      ]),
    );
    // All day Saturday 20 March (Oslo midnight = 23:00Z the day before).
    await putRaw("all-day", ics("all-day@test", ["DTSTART;VALUE=DATE:20270320", "DTEND;VALUE=DATE:20270321", "SUMMARY:Hiking"]));
  });

  it("returns the events in the range as UTC instants, expanding the weekly one across the DST change", async () => {
    const busy = await fetchBusy(conn, week.from, week.to, OSLO);
    expect(iso(busy)).toEqual([
      ["2027-03-16T09:00:00.000Z", "2027-03-16T10:00:00.000Z"],
      ["2027-03-18T09:00:00.000Z", "2027-03-18T10:00:00.000Z"],
      ["2027-03-19T23:00:00.000Z", "2027-03-20T23:00:00.000Z"],
      ["2027-03-25T09:00:00.000Z", "2027-03-25T10:00:00.000Z"],
      ["2027-04-01T08:00:00.000Z", "2027-04-01T09:00:00.000Z"],
    ]);
  });

  it("returns only what overlaps a narrower range", async () => {
    const busy = await fetchBusy(conn, new Date("2027-03-25T09:30:00Z"), new Date("2027-04-01T08:30:00Z"), OSLO);
    expect(iso(busy)).toEqual([
      ["2027-03-25T09:00:00.000Z", "2027-03-25T10:00:00.000Z"],
      ["2027-04-01T08:00:00.000Z", "2027-04-01T09:00:00.000Z"],
    ]);
  });

  it("reads the all-day event in the mentor's own time zone", async () => {
    const busy = await fetchBusy(conn, new Date("2027-03-20T00:00:00Z"), new Date("2027-03-20T12:00:00Z"), "America/New_York");
    // Saturday 20 March in New York (EDT, −04:00): 04:00Z to 04:00Z.
    expect(iso(busy)).toEqual([["2027-03-20T04:00:00.000Z", "2027-03-21T04:00:00.000Z"]]);
  });
});

describe("busyFromICalendar", () => {
  it("takes a server-expanded answer (occurrences in UTC with a RECURRENCE-ID, no master) as it is", () => {
    const expanded = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Server//EN",
      "BEGIN:VEVENT",
      "UID:series@test",
      "RECURRENCE-ID:20270325T090000Z",
      "DTSTART:20270325T090000Z",
      "DTEND:20270325T100000Z",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:series@test",
      "RECURRENCE-ID:20270401T080000Z",
      "DTSTART:20270401T080000Z",
      "DTEND:20270401T090000Z",
      "STATUS:CANCELLED",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    expect(iso(busyFromICalendar(expanded, new Date("2027-03-01T00:00:00Z"), new Date("2027-05-01T00:00:00Z"), OSLO))).toEqual([
      ["2027-03-25T09:00:00.000Z", "2027-03-25T10:00:00.000Z"],
    ]);
  });

  it("applies an exception that moves one occurrence and an EXDATE that drops another", () => {
    const master = ics("moved@test", [
      "DTSTART;TZID=Europe/Oslo:20270318T100000",
      "DTEND;TZID=Europe/Oslo:20270318T110000",
      "RRULE:FREQ=WEEKLY;COUNT=3",
      "EXDATE;TZID=Europe/Oslo:20270401T100000",
    ]).replace(
      "END:VCALENDAR",
      [
        "BEGIN:VEVENT",
        "UID:moved@test",
        "DTSTAMP:20270101T000000Z",
        "RECURRENCE-ID;TZID=Europe/Oslo:20270325T100000",
        "DTSTART;TZID=Europe/Oslo:20270326T140000",
        "DTEND;TZID=Europe/Oslo:20270326T150000",
        "END:VEVENT",
        "END:VCALENDAR",
      ].join("\r\n"),
    );
    expect(iso(busyFromICalendar(master, new Date("2027-03-01T00:00:00Z"), new Date("2027-05-01T00:00:00Z"), OSLO))).toEqual([
      ["2027-03-18T09:00:00.000Z", "2027-03-18T10:00:00.000Z"],
      ["2027-03-26T13:00:00.000Z", "2027-03-26T14:00:00.000Z"],
    ]);
  });
});

describe("putBookingEvent and deleteBookingEvent", () => {
  const uid = "booking-42@nordlys.test";
  const range = { from: new Date("2027-05-03T00:00:00Z"), to: new Date("2027-05-04T00:00:00Z") };
  const booking = (start: string, end: string) =>
    ics(uid, [`DTSTART;TZID=Europe/Oslo:${start}`, `DTEND;TZID=Europe/Oslo:${end}`, "SUMMARY:Mentoring session"], { method: "REQUEST" });

  it("creates the event, replaces it under the same UID, and removes it", async () => {
    await putBookingEvent(conn, { uid, ics: booking("20270503T100000", "20270503T110000") });
    expect(iso(await fetchBusy(conn, range.from, range.to, OSLO))).toEqual([["2027-05-03T08:00:00.000Z", "2027-05-03T09:00:00.000Z"]]);

    // Rescheduled: the same UID replaces the event rather than adding a second one.
    await putBookingEvent(conn, { uid, ics: booking("20270503T140000", "20270503T150000") });
    expect(iso(await fetchBusy(conn, range.from, range.to, OSLO))).toEqual([["2027-05-03T12:00:00.000Z", "2027-05-03T13:00:00.000Z"]]);

    await deleteBookingEvent(conn, uid);
    expect(await fetchBusy(conn, range.from, range.to, OSLO)).toEqual([]);
    // Deleting it again is fine: it is already gone.
    await deleteBookingEvent(conn, uid);
  });

  it("writes into the discovered calendar when given the server URL", async () => {
    await putBookingEvent({ ...conn, url: radicale.url }, { uid, ics: booking("20270503T100000", "20270503T110000") });
    expect(iso(await fetchBusy(conn, range.from, range.to, OSLO))).toEqual([["2027-05-03T08:00:00.000Z", "2027-05-03T09:00:00.000Z"]]);
    await deleteBookingEvent({ ...conn, url: radicale.url }, uid);
    expect(await fetchBusy(conn, range.from, range.to, OSLO)).toEqual([]);
  });

  it("refuses an event whose UID is not the booking's, and a wrong password, as CalendarErrors", async () => {
    await expect(
      putBookingEvent(conn, { uid: "other@nordlys.test", ics: booking("20270503T100000", "20270503T110000") }),
    ).rejects.toMatchObject({
      code: "invalid_event",
    });
    const wrong = "wrong-app-password";
    const error = await putBookingEvent({ ...conn, password: wrong }, { uid, ics: booking("20270503T100000", "20270503T110000") }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CalendarError);
    expect((error as CalendarError).code).toBe("unauthorized");
    expect((error as CalendarError).message).not.toContain(wrong);
  });
});
