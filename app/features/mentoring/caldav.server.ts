import ICAL from "ical.js";
import { DateTime } from "luxon";
import { createAccount, davRequest, fetchCalendars, getBasicAuthHeaders, propfind, type DAVResponse } from "tsdav";
import { fetch as undiciFetch, type Agent } from "undici";
import { addressFilter, checkUrl, createGuardedAgent, isBlockedAddressError } from "~/.server/address-guard";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import type { BusyInterval } from "./types";

/**
 * A mentor's own calendar over CalDAV (RFC 4791; docs/mentoring.md): its events block slots,
 * and each confirmed booking is written into it. Plain CalDAV with Basic auth and an app
 * password, so it works with Fastmail, iCloud, Nextcloud, Radicale, Baïkal and the like, but not
 * with Google, whose CalDAV endpoint takes OAuth only.
 *
 * The requests go through tsdav's request helpers (propfind, davRequest, account discovery)
 * rather than a `DAVClient`: `createDAVClient` runs the whole account discovery each time it is
 * made and hides the HTTP status of a failure, while a booking needs one request to a known
 * collection and the admin's "test connection" needs to tell a wrong password from a wrong URL.
 *
 * Every public call runs under one deadline (`timeoutMs`, 10 s by default) shared by all of its
 * requests and their bodies, since a slow provider must never hang a booking; every answer is read
 * as a stream and refused past MAX_CALENDAR_ANSWER_BYTES, so a huge answer costs at most that much
 * memory; and every connection, redirects included, goes through the address guard that feeds and
 * webhooks use (app/.server/address-guard.ts: public addresses only, unless
 * NEWS_ALLOW_PRIVATE_HOSTS allows a calendar on the studio's own network). Failures are thrown as a
 * `CalendarError` whose message is safe to show and to log: it names the host and the HTTP
 * status, never the password (nor the server's answer, which could echo request headers).
 */

/**
 * What the admin enters for a mentor. `url` is either
 * - the calendar collection itself (`https://…/calendars/<user>/<calendar>/`): used as it is; or
 * - the account or server URL (`https://caldav.icloud.com/`, `https://host/remote.php/dav/`):
 *   the principal's calendar home is discovered (RFC 6764 well-known URL, then
 *   current-user-principal and calendar-home-set) and the first calendar of it that holds events
 *   (VEVENT) is used, in the order the server lists them. A mentor with several calendars who
 *   wants a particular one pastes that calendar's URL; `checkCalendar` returns the one it found.
 */
export type CalendarConnection = { url: string; username: string; password: string };

export type CalendarOptions = {
  /** The deadline of the whole call (every request it makes), in milliseconds. */
  timeoutMs?: number;
};

export const DEFAULT_CALENDAR_TIMEOUT_MS = 10_000;

/** The largest calendar answer read (a month of a busy calendar is a few hundred KB). */
export const MAX_CALENDAR_ANSWER_BYTES = 5 * 1024 * 1024;

export type CalendarErrorCode =
  | "invalid_url"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "not_calendar"
  | "timeout"
  | "network"
  | "invalid_event"
  | "conflict"
  | "too_large"
  | "blocked"
  | "server";

/** A calendar failure with a message fit for the admin's screen and the log (no secrets). */
export class CalendarError extends Error {
  readonly code: CalendarErrorCode;
  constructor(code: CalendarErrorCode, message: string) {
    super(message);
    this.name = "CalendarError";
    this.code = code;
  }
}

export type CalendarCheck = { ok: true; calendarUrl: string; displayName: string | null } | { ok: false; message: string };

type Session = {
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch;
};

const CALDAV_NAMESPACES = `xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"`;

/** The URL parsed, checked and with the trailing slash a collection URL has. */
function collectionUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CalendarError("invalid_url", "The calendar URL is not a valid address (it should start with https://).");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new CalendarError("invalid_url", "The calendar URL must start with https:// (or http://).");
  }
  // A password in the URL would end up in messages and logs: it belongs in the password field.
  if (url.username || url.password) {
    throw new CalendarError("invalid_url", "Put the user name and app password in their own fields, not in the calendar URL.");
  }
  url.hash = "";
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}

/** The network error's cause code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED, …), if any. */
function causeCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === "string" && code !== "UND_ERR_SOCKET") return code;
  }
  return null;
}

/**
 * A fetch for tsdav bound to one call's deadline: every request carries the same
 * `AbortSignal.timeout`, a network failure or the deadline becomes a `CalendarError`, and a 401
 * stops the call at once (the same credentials would fail at every other URL of the server).
 */
function session(conn: CalendarConnection, options: CalendarOptions): Session {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALENDAR_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = (target: URL) =>
    new CalendarError("timeout", `The calendar server at ${target.host} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`);
  const { isAllowed, dispatcher } = calendarGuard();
  const guardedFetch: typeof globalThis.fetch = async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : input.toString());
    if (checkUrl(target, isAllowed)) throw blocked(target);
    let response: Response;
    try {
      // undici's own fetch: the guarded agent is undici's, which Node's built-in fetch does not take.
      response = (await undiciFetch(
        input as string | URL,
        { ...init, signal, dispatcher } as Parameters<typeof undiciFetch>[1],
      )) as unknown as Response;
    } catch (error) {
      if (signal.aborted) throw timedOut(target);
      if (isBlockedAddressError(error)) throw blocked(target);
      const code = causeCode(error);
      if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
        throw new CalendarError("network", `The calendar server ${target.hostname} was not found (check the URL).`);
      }
      throw new CalendarError("network", `Could not reach the calendar server at ${target.host}${code ? ` (${code})` : ""}.`);
    }
    if (response.status === 401) {
      await response.body?.cancel().catch(() => undefined);
      throw new CalendarError(
        "unauthorized",
        `The calendar server at ${target.host} refused the user name or password (401). Check them, and use an app password where the provider has them.`,
      );
    }
    try {
      return await cappedResponse(response, target);
    } catch (error) {
      if (signal.aborted && !(error instanceof CalendarError)) throw timedOut(target);
      throw error;
    }
  };
  return { headers: getBasicAuthHeaders({ username: conn.username, password: conn.password }), fetch: guardedFetch };
}

const guards = new Map<string, { isAllowed: (address: string) => boolean; dispatcher: Agent }>();

/** The address guard's filter and connection pool for calendar servers (one per setting). */
function calendarGuard() {
  const allowPrivate = getEnv().NEWS_ALLOW_PRIVATE_HOSTS;
  const key = allowPrivate ? "any" : "public";
  let guard = guards.get(key);
  if (!guard) {
    const isAllowed = addressFilter({ allowPrivate });
    guard = { isAllowed, dispatcher: createGuardedAgent(isAllowed, { connections: 4 }) };
    guards.set(key, guard);
  }
  return guard;
}

/** The same words for every refused address: nothing of what (if anything) answers there. */
function blocked(target: URL): CalendarError {
  return new CalendarError(
    "blocked",
    `The calendar address ${target.hostname} is not a public address: this site only connects to calendar servers on the internet.`,
  );
}

/**
 * The answer with its body read in full, as a stream, within the call's deadline, and refused
 * past MAX_CALENDAR_ANSWER_BYTES (at its Content-Length, or as soon as the bytes go past it).
 */
async function cappedResponse(response: Response, target: URL): Promise<Response> {
  const tooLarge = () =>
    new CalendarError(
      "too_large",
      `The calendar server at ${target.host} sent an answer over ${MAX_CALENDAR_ANSWER_BYTES / 1024 / 1024} MB; it was not read.`,
    );
  if (Number(response.headers.get("content-length") ?? 0) > MAX_CALENDAR_ANSWER_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return response;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_CALENDAR_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = [101, 204, 205, 304].includes(response.status) ? null : Buffer.concat(chunks);
  const read = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // tsdav names a non-XML answer by its URL (after redirects), as fetch's own Response does.
  return Object.defineProperty(read, "url", { value: response.url });
}

/** A status other than 401 (which the session's fetch throws) as a CalendarError about `url`. */
function statusError(status: number, url: URL, what: string): CalendarError {
  if (status === 403) return new CalendarError("forbidden", `The calendar server at ${url.host} does not let this account ${what} (403).`);
  if (status === 404 || status === 410)
    return new CalendarError("not_found", `Nothing was found at ${url.href} (${status}): check the calendar URL.`);
  return new CalendarError("server", `The calendar server at ${url.host} answered ${status} when asked to ${what}.`);
}

/** A DAV property's text: xml-js gives a string, a number (for digits) or `{ _cdata }`. */
function propText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && "_cdata" in value && typeof value._cdata === "string") return value._cdata.trim() || null;
  return null;
}

/** The component names of a supported-calendar-component-set ([] when the server did not say, i.e. all). */
function componentNames(set: unknown): string[] {
  const comp = set && typeof set === "object" && "comp" in set ? set.comp : undefined;
  const list = Array.isArray(comp) ? comp : comp ? [comp] : [];
  return list.flatMap((entry: unknown) => {
    const name = entry && typeof entry === "object" && "_attributes" in entry ? (entry._attributes as { name?: unknown }).name : undefined;
    return typeof name === "string" ? [name.toUpperCase()] : [];
  });
}

/**
 * The calendar collection of a connection: the URL itself when it is a calendar, else the first
 * event calendar of the account found by discovery (see `CalendarConnection`).
 */
async function resolveCalendar(conn: CalendarConnection, s: Session): Promise<{ url: URL; displayName: string | null }> {
  const url = collectionUrl(conn.url);
  const [response] = await propfind({
    url: url.href,
    props: { "d:resourcetype": {}, "d:displayname": {}, "c:supported-calendar-component-set": {} },
    depth: "0",
    headers: s.headers,
    fetch: s.fetch,
  });
  if (!response) throw new CalendarError("server", `The calendar server at ${url.host} sent an empty answer.`);
  if (!response.ok) throw statusError(response.status ?? 0, url, "read this address");
  const types = Object.keys((response.props?.resourcetype as Record<string, unknown> | undefined) ?? {});
  if (types.includes("calendar")) {
    const components = componentNames(response.props?.supportedCalendarComponentSet);
    if (components.length > 0 && !components.includes("VEVENT")) {
      throw new CalendarError("not_calendar", `${url.href} is a calendar for ${components.join(", ")} only, not for events.`);
    }
    return { url, displayName: propText(response.props?.displayname) };
  }

  // Not a calendar: an account, principal or server URL. Discover the calendars under it.
  let calendars: Awaited<ReturnType<typeof fetchCalendars>>;
  try {
    const account = await createAccount({
      account: { serverUrl: url.href, accountType: "caldav", credentials: { username: conn.username, password: conn.password } },
      headers: s.headers,
      fetch: s.fetch,
    });
    calendars = await fetchCalendars({ account, headers: s.headers, fetch: s.fetch });
  } catch (error) {
    if (error instanceof CalendarError) throw error;
    // tsdav's own errors ("cannot find principalUrl", "cannot find homeUrl") say discovery failed.
    throw new CalendarError("not_calendar", `${url.href} is neither a calendar nor a CalDAV account whose calendars could be found.`);
  }
  const calendar = calendars.find((candidate) => {
    const components = (candidate.components ?? []).map((name) => name.toUpperCase());
    return components.length === 0 || components.includes("VEVENT");
  });
  if (!calendar) throw new CalendarError("not_calendar", `The account at ${url.host} has no calendar for events.`);
  const displayName = propText(calendar.displayName);
  return { url: collectionUrl(calendar.url), displayName };
}

/**
 * The admin's "test connection": finds the calendar and reports it, or says in plain words what
 * is wrong (wrong password, nothing at the URL, not a calendar, server unreachable or too slow).
 */
export async function checkCalendar(conn: CalendarConnection, options: CalendarOptions = {}): Promise<CalendarCheck> {
  try {
    const calendar = await resolveCalendar(conn, session(conn, options));
    return { ok: true, calendarUrl: calendar.url.href, displayName: calendar.displayName };
  } catch (error) {
    if (error instanceof CalendarError) return { ok: false, message: error.message };
    throw error;
  }
}

/** `20270318T090000Z`: the UTC form CalDAV time ranges take. */
function caldavUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

function calendarQueryBody(from: Date, to: Date, expand: boolean): string {
  const range = `start="${caldavUtc(from)}" end="${caldavUtc(to)}"`;
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<c:calendar-query ${CALDAV_NAMESPACES}>` +
    `<d:prop><d:getetag/>${expand ? `<c:calendar-data><c:expand ${range}/></c:calendar-data>` : `<c:calendar-data/>`}</d:prop>` +
    `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range ${range}/></c:comp-filter></c:comp-filter></c:filter>` +
    `</c:calendar-query>`
  );
}

/** The REPORT's answers, or the status of its failure. */
async function calendarQuery(calendar: URL, from: Date, to: Date, expand: boolean, s: Session): Promise<DAVResponse[]> {
  return davRequest({
    url: calendar.href,
    init: { method: "REPORT", headers: { ...s.headers, depth: "1" }, body: calendarQueryBody(from, to, expand) },
    convertIncoming: false,
    fetch: s.fetch,
  });
}

/**
 * The busy intervals of the mentor's calendar that overlap [from, to): one calendar-query
 * REPORT with a time-range filter, so only events in the range travel.
 *
 * The query asks the server to expand recurring events (`<c:expand>`); a server that does
 * (Fastmail, iCloud, Nextcloud) returns each occurrence as its own VEVENT in UTC, one that does
 * not (Radicale 3.1) returns the master event with its RRULE, which `busyFromICalendar` expands
 * itself. A server that rejects the expand element is asked once more without it.
 *
 * `timeZone` is the mentor's IANA zone: all-day events and floating times (no zone) are read in
 * it, since they mean "that date / that clock time where the mentor is".
 */
export async function fetchBusy(
  conn: CalendarConnection,
  from: Date,
  to: Date,
  timeZone: string,
  options: CalendarOptions = {},
): Promise<BusyInterval[]> {
  if (!(from < to)) return [];
  const s = session(conn, options);
  const calendar = await resolveCalendar(conn, s);
  let responses = await calendarQuery(calendar.url, from, to, true, s);
  const failed = responses.length === 1 && responses[0] && !responses[0].ok && responses[0].props === undefined ? responses[0] : null;
  if (failed && failed.status !== 403 && failed.status !== 404) {
    responses = await calendarQuery(calendar.url, from, to, false, s);
  }
  const whole = responses.length === 1 && responses[0] && responses[0].props === undefined ? responses[0] : null;
  if (whole && !whole.ok) throw statusError(whole.status ?? 0, calendar.url, "read its events");

  const busy: BusyInterval[] = [];
  for (const response of responses) {
    if (!response.ok) continue;
    const data = propText(response.props?.calendarData);
    if (!data) continue;
    try {
      busy.push(...busyFromICalendar(data, from, to, timeZone));
    } catch (error) {
      // One unreadable object (a broken invite from some mail client) must not take the booking
      // page down; it is logged (by its URL only) so the mentor can find and fix it.
      logger.warn({ err: error, object: response.href }, "Mentoring calendar: skipped an event the calendar could not parse");
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}

/** The most occurrences of one recurring event walked before giving up (a minutely RRULE over years). */
const MAX_OCCURRENCES = 100_000;

function isValidZone(name: string): boolean {
  return DateTime.now().setZone(name).isValid;
}

/**
 * The instant of an iCalendar time. UTC times and times whose TZID has its VTIMEZONE in the
 * object are exact (ical.js computes the offset). A DATE is midnight of that date in the mentor's
 * zone. A floating time, or one whose TZID has no VTIMEZONE (the server left it out), is read as
 * a wall-clock time in the TZID's zone when that is an IANA name, else in the mentor's zone.
 */
function instantOf(time: ICAL.Time, tzid: string | null, timeZone: string): Date {
  const wallClock = { year: time.year, month: time.month, day: time.day };
  if (time.isDate) return DateTime.fromObject(wallClock, { zone: timeZone }).toJSDate();
  if (time.zone && time.zone.tzid !== ICAL.Timezone.localTimezone.tzid) return time.toJSDate();
  const zone = tzid && isValidZone(tzid) ? tzid : timeZone;
  return DateTime.fromObject({ ...wallClock, hour: time.hour, minute: time.minute, second: time.second }, { zone }).toJSDate();
}

function tzidOf(component: ICAL.Component, property: "dtstart" | "dtend"): string | null {
  const value = component.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

function textValue(component: ICAL.Component, property: string): string {
  const value = component.getFirstPropertyValue(property);
  return typeof value === "string" ? value.trim().toUpperCase() : "";
}

/** Whether an event (occurrence) takes the mentor's time: not free (TRANSP) and not cancelled. */
function blocksTime(component: ICAL.Component): boolean {
  return textValue(component, "transp") !== "TRANSPARENT" && textValue(component, "status") !== "CANCELLED";
}

/**
 * The busy intervals of one calendar object (a VCALENDAR as CalDAV returns it) that overlap
 * [from, to), in order of the series. Exported for the tests of the server-expanded form.
 *
 * - A recurring master (RRULE/RDATE) is expanded with ical.js from its DTSTART: EXDATEs drop
 *   occurrences, and exceptions (VEVENTs with the same UID and a RECURRENCE-ID) replace theirs,
 *   including a moved, transparent or cancelled occurrence. Offsets follow the event's zone at
 *   each occurrence, so 10:00 Oslo stays 10:00 Oslo across a daylight-saving change.
 * - VEVENTs with a RECURRENCE-ID and no master in the object (what a server's expand returns)
 *   stand on their own.
 * - All-day events (DATE values) block from midnight to midnight in `timeZone`; with no DTEND
 *   (and no DURATION) they last one day. A timed event without DTEND or DURATION takes no time
 *   and blocks nothing (RFC 5545 3.6.1).
 * - TRANSP:TRANSPARENT ("show as free") and STATUS:CANCELLED events block nothing.
 */
export function busyFromICalendar(ics: string, from: Date, to: Date, timeZone: string): BusyInterval[] {
  const parsed: unknown = ICAL.parse(ics);
  // One VCALENDAR parses to its jCal ["vcalendar", …]; several to a list of them.
  const roots = (Array.isArray(parsed) && typeof parsed[0] === "string" ? [parsed] : Array.isArray(parsed) ? parsed : []).map(
    (jcal) => new ICAL.Component(jcal as unknown[]),
  );
  const busy: BusyInterval[] = [];
  const add = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time, tzids: { start: string | null; end: string | null }) => {
    if (!blocksTime(component)) return;
    const startAt = instantOf(start, tzids.start, timeZone);
    const endAt = instantOf(end, tzids.end ?? tzids.start, timeZone);
    if (!(endAt > startAt) || Number.isNaN(startAt.getTime()) || Number.isNaN(endAt.getTime())) return;
    if (endAt <= from || startAt >= to) return;
    busy.push({ start: startAt, end: endAt });
  };
  const single = (component: ICAL.Component) => {
    const event = new ICAL.Event(component);
    if (!event.startDate) return;
    add(component, event.startDate, event.endDate, { start: tzidOf(component, "dtstart"), end: tzidOf(component, "dtend") });
  };

  for (const root of roots) {
    const vevents = root.name === "vevent" ? [root] : root.getAllSubcomponents("vevent");
    const masters = new Map<string, ICAL.Event>();
    const exceptions: ICAL.Component[] = [];
    for (const vevent of vevents) {
      if (vevent.hasProperty("recurrence-id")) exceptions.push(vevent);
      else masters.set(textValue(vevent, "uid") || `no-uid-${masters.size}`, new ICAL.Event(vevent));
    }
    const orphans: ICAL.Component[] = [];
    for (const exception of exceptions) {
      const master = masters.get(textValue(exception, "uid"));
      if (master?.isRecurring()) master.relateException(exception);
      else orphans.push(exception);
    }

    for (const master of masters.values()) {
      if (!master.isRecurring()) {
        single(master.component);
        continue;
      }
      const startTzid = tzidOf(master.component, "dtstart");
      const iterator = master.iterator();
      const visited = new Set<string>();
      for (let count = 0; count < MAX_OCCURRENCES; count++) {
        const occurrence = iterator.next();
        if (!occurrence) break;
        // The series is walked in order of its recurrence ids; past the range, it is done.
        if (instantOf(occurrence, startTzid, timeZone) >= to) break;
        visited.add(occurrence.toString());
        const details = master.getOccurrenceDetails(occurrence);
        const item = details.item.component;
        add(item, details.startDate, details.endDate, {
          start: tzidOf(item, "dtstart") ?? startTzid,
          end: tzidOf(item, "dtend") ?? tzidOf(item, "dtstart") ?? startTzid,
        });
      }
      // An exception whose recurrence id lies after the range may have been moved into it.
      for (const exception of Object.values(master.exceptions)) {
        if (!visited.has(exception.recurrenceId.toString())) single(exception.component);
      }
    }
    for (const orphan of orphans) single(orphan);
  }
  return busy;
}

/** The calendar object's text for PUT: the booking's event, without an iTIP METHOD. */
function calendarObject(uid: string, ics: string): string {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  } catch {
    throw new CalendarError("invalid_event", "The booking's calendar event could not be read.");
  }
  const uids = root.getAllSubcomponents("vevent").map((vevent) => vevent.getFirstPropertyValue("uid"));
  if (uids.length === 0 || uids.some((value) => value !== uid)) {
    throw new CalendarError("invalid_event", "The booking's calendar event must hold one event with the booking's UID.");
  }
  // RFC 4791 4.1: a calendar object resource must not carry METHOD (an invite's REQUEST/CANCEL);
  // strict servers reject the PUT with it.
  root.removeAllProperties("method");
  return root.toString();
}

function objectUrl(calendar: URL, uid: string): URL {
  return new URL(`${encodeURIComponent(uid)}.ics`, calendar);
}

/**
 * Writes a booking's event into the mentor's calendar at `<calendar>/<uid>.ics`, creating it or
 * replacing the earlier version (no If-Match: the booking is the source of truth). `ics` is a
 * VCALENDAR with one VEVENT of that UID, such as `buildInvite(…, "REQUEST", …, "mentor")`; its
 * METHOD is dropped, since a stored calendar object must not carry one.
 *
 * Providers with server-side scheduling (RFC 6638: iCloud, Fastmail, Nextcloud) look at the
 * ORGANIZER and ATTENDEE lines of what is stored; an event that lists the learner may be treated
 * as a scheduling message by them. The studio's own mails already invite the attendees, so a
 * caller that wants no second channel passes an event without ATTENDEE lines.
 */
export async function putBookingEvent(
  conn: CalendarConnection,
  event: { uid: string; ics: string },
  options: CalendarOptions = {},
): Promise<void> {
  const body = calendarObject(event.uid, event.ics);
  const s = session(conn, options);
  const calendar = await resolveCalendar(conn, s);
  const url = objectUrl(calendar.url, event.uid);
  const response = await s.fetch(url, {
    method: "PUT",
    headers: { ...s.headers, "Content-Type": "text/calendar; charset=utf-8" },
    body,
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.ok) return;
  if (response.status === 409) {
    // RFC 4791 5.3.2.1 no-uid-conflict: an event with this UID already lives elsewhere in the
    // calendar, e.g. added by the mentor's mail app from the invitation.
    throw new CalendarError(
      "conflict",
      `The calendar at ${calendar.url.host} already holds this booking's event under another name (409): the invitation mail may have added it.`,
    );
  }
  throw statusError(response.status, calendar.url, "write the booking into the calendar");
}

/**
 * Removes a booking's event from the mentor's calendar; an event already gone (404/410) is fine.
 * `Schedule-Reply: F` (RFC 6638 8.1) asks a scheduling server not to send a "declined" reply to
 * the organizer on the mentor's behalf: the studio's cancellation mail already tells everyone.
 */
export async function deleteBookingEvent(conn: CalendarConnection, uid: string, options: CalendarOptions = {}): Promise<void> {
  const s = session(conn, options);
  const calendar = await resolveCalendar(conn, s);
  const response = await s.fetch(objectUrl(calendar.url, uid), { method: "DELETE", headers: { ...s.headers, "Schedule-Reply": "F" } });
  await response.body?.cancel().catch(() => undefined);
  if (response.ok || response.status === 404 || response.status === 410) return;
  throw statusError(response.status, calendar.url, "remove the booking from the calendar");
}
