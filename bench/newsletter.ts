/**
 * `npm run bench:newsletter [-- --subscribers 100000] [--rate 0] [--concurrency 4] [--dkim] [--via server|cli]`
 *
 * Seeds N confirmed subscribers (default 10,000) and 5 stories in a fresh,
 * throw-away embedded PostgreSQL, starts a local SMTP sink (npm smtp-server)
 * and has the app send one daily issue to it. Prints messages per second,
 * total time and the resident memory (RSS) of the process that sends.
 *
 * --via server (default): the production server itself (`node
 * <SERVER_NODE_FLAGS> server/main.ts` on the built bundle, as `npm start` and
 * the Docker image run it) with DATABASE_URL, SMTP_URL and the rest pointing at
 * the throw-away services. The bench queues the `newsletter-daily` job (what
 * the 08:00 UTC schedule does) and reads the server's memory from
 * /proc/<pid>/status while it works: VmHWM is the peak over the process's
 * whole life (start-up included), VmRSS is sampled every 100 ms. Total time
 * is the job's own (pg-boss started_on to completed_on): building the issue,
 * listing the recipients and sending.
 *
 * --via cli: `npm run newsletter:send` instead (scripts/newsletter-send.ts in
 * its own process, with the same flags).
 *
 * The sending rate is unlimited here (--rate 0), to measure what the sender
 * can do; the app's default (NEWSLETTER_SEND_RATE) is 50/s. The server logs at
 * its default level (info) unless --log-level says otherwise.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { SMTPServer } from "smtp-server";
import { startEmbeddedPostgres } from "../app/.server/db/embedded.ts";
import { runMigrations } from "../app/.server/db/migrate.ts";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { freePort } from "../tests/support/free-port.ts";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "10000" },
    rate: { type: "string", default: "0" },
    concurrency: { type: "string", default: "4" },
    dkim: { type: "boolean", default: false },
    via: { type: "string", default: "server" },
    "log-level": { type: "string", default: "info" },
    /** Node flags for the sending process instead of SERVER_NODE_FLAGS ("" for none), to compare. */
    "node-flags": { type: "string" },
    json: { type: "boolean", default: false },
    /** Also write the sending process's output to this file. */
    output: { type: "string" },
  },
});
const subscribers = Number(values.subscribers);
if (!Number.isInteger(subscribers) || subscribers < 1) {
  process.stderr.write("--subscribers must be a positive whole number\n");
  process.exit(2);
}
if (values.via !== "server" && values.via !== "cli") {
  process.stderr.write("--via must be server or cli\n");
  process.exit(2);
}
const nodeFlags = values["node-flags"] === undefined ? SERVER_NODE_FLAGS : values["node-flags"].split(/\s+/).filter(Boolean);
const say = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const root = path.resolve(import.meta.dirname, "..");

if (values.via === "server") {
  try {
    await fs.access(path.join(root, "build/server/index.js"));
  } catch {
    process.stderr.write("No production build: run `npm run build` first.\n");
    process.exit(2);
  }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-bench-"));
await fs.chmod(dataDir, 0o755);

// The sink: counts messages, keeps nothing.
let received = 0;
let firstAt = 0;
let lastAt = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  closeTimeout: 100,
  onData(stream, _session, callback) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      received++;
      lastAt = performance.now();
      firstAt ||= lastAt;
      callback();
    });
  },
});
// A client that disconnects abruptly is not the sink's problem.
sink.on("error", () => undefined);
await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", () => resolve()));
const smtpPort = (sink as unknown as { server: { address(): { port: number } } }).server.address().port;

type Memory = { rssMb: number; hwmMb: number };
function readMemory(pid: number): Memory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    const memory = { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
    // A process that has exited (a zombie until reaped) has no memory figures left.
    return Number.isFinite(memory.rssMb) && Number.isFinite(memory.hwmMb) ? memory : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every 100 ms, with how many messages the sink had by then. */
function sampleMemory(pid: number) {
  const samples: Array<{ received: number; rssMb: number; at: number }> = [];
  let hwmMb = 0;
  const take = () => {
    const memory = readMemory(pid);
    if (!memory) return;
    samples.push({ received, rssMb: memory.rssMb, at: performance.now() });
    hwmMb = Math.max(hwmMb, memory.hwmMb);
  };
  take();
  const timer = setInterval(take, 100);
  return {
    stop() {
      take();
      clearInterval(timer);
      return { samples, hwmMb };
    },
  };
}

function collect(child: ChildProcess) {
  let stdout = "";
  let stderr = "";
  if (values.output) {
    const file = createWriteStream(values.output);
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }
  // Kept short: at LOG_LEVEL=info a big run logs a line per batch, not per message, but keep only the tail anyway.
  child.stdout?.on("data", (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-200_000)));
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-200_000)));
  return { stdout: () => stdout, stderr: () => stderr };
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

say(`starting a throw-away PostgreSQL in ${dataDir}...`);
const embedded = await startEmbeddedPostgres({ dataDir });
let child: ChildProcess | undefined;
try {
  await runMigrations(embedded.url);
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  say(`seeding ${subscribers.toLocaleString("en-US")} confirmed subscribers and 5 stories...`);
  await client.query(
    `insert into newsletter_subscriptions (email, confirmed, confirmed_at, source)
     select 'reader' || n || '@bench.example', true, now(), 'home' from generate_series(1, $1) as n`,
    [subscribers],
  );
  await client.query(
    `insert into ai_news (title, summary, full_content, source, source_url, published_at)
     select 'Benchmark story ' || n, 'A summary of benchmark story ' || n || ', long enough to look like a real one. ' || repeat('Words ', 30),
       '', 'Bench Wire', 'https://news.example/bench-' || n, now() - (n || ' minutes')::interval
     from generate_series(1, 5) as n`,
  );
  await client.query("vacuum analyze");
  await client.end();

  // No news feeds: the server's half-hourly news refresh must not reach out while the bench runs.
  const noFeeds = path.join(dataDir, "no-feeds.txt");
  await fs.writeFile(noFeeds, "");
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: embedded.url,
    DATA_DIR: dataDir,
    APP_SECRET: "bench-secret-bench-secret-bench-secret-0000",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: "https://nordlys.example",
    MAIL_FROM: "Nordlys Studio <news@nordlys.example>",
    NEWSLETTER_SEND_RATE: String(values.rate),
    NEWSLETTER_SEND_CONCURRENCY: String(values.concurrency),
    NEWS_FEEDS: noFeeds,
    LOG_LEVEL: values["log-level"],
  };
  if (values.dkim) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    Object.assign(env, {
      DKIM_DOMAIN: "nordlys.example",
      DKIM_SELECTOR: "bench",
      DKIM_PRIVATE_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString().replace(/\n/g, "\\n"),
    });
  }
  const label = `rate ${values.rate === "0" ? "unlimited" : `${values.rate}/s`}, concurrency ${values.concurrency}${values.dkim ? ", DKIM" : ""}, node ${nodeFlags.join(" ") || "(no flags)"}`;

  let totalSeconds: number;
  let delivered: number;
  let failed: number;
  let rssBeforeMb: number;
  let hwmBeforeMb: number;
  let memory: { samples: Array<{ received: number; rssMb: number; at: number }>; hwmMb: number };

  if (values.via === "server") {
    const port = await freePort();
    say(`starting the production server on port ${port} (${label})...`);
    const server = spawn(process.execPath, [...nodeFlags, "server/main.ts"], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = server;
    const output = collect(server);
    const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output.stderr()}${output.stdout()}`);
      if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${output.stderr()}${output.stdout()}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Let start-up settle (pg-boss creating queues and schedules), then take the "before" figures.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = readMemory(server.pid!);
    if (!before) throw new Error("Cannot read /proc/<pid>/status: this benchmark needs Linux.");
    rssBeforeMb = before.rssMb;
    hwmBeforeMb = before.hwmMb;

    say("queueing the newsletter-daily job (what the 08:00 UTC schedule does)...");
    const boss = new PgBoss({ connectionString: embedded.url, max: 2, schedule: false, supervise: false });
    boss.on("error", () => undefined);
    await boss.start();
    const sampler = sampleMemory(server.pid!);
    const jobId = await boss.send("newsletter-daily", {});
    if (!jobId) throw new Error("pg-boss did not queue the job.");
    let job: Awaited<ReturnType<typeof boss.getJobById>>;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output.stderr()}${output.stdout()}`);
      job = await boss.getJobById("newsletter-daily", jobId);
      if (job && (job.state === "completed" || job.state === "failed" || job.state === "retry")) break;
    }
    memory = sampler.stop();
    await boss.stop({ graceful: false, timeout: 2_000 });
    if (job?.state !== "completed") throw new Error(`the newsletter job ended ${job?.state}:\n${output.stdout().slice(-4000)}`);
    const counts = new pg.Client({ connectionString: embedded.url });
    await counts.connect();
    const { rows } = await counts.query<{ sent: number; failed: number }>(
      `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as failed from newsletter_deliveries`,
    );
    await counts.end();
    delivered = rows[0]!.sent;
    failed = rows[0]!.failed;
    totalSeconds = (new Date(job.completedOn!).getTime() - new Date(job.startedOn!).getTime()) / 1000;

    server.kill("SIGTERM");
    const code = await exited;
    child = undefined;
    if (code !== 0) say(`the server exited with ${code} on SIGTERM`);
  } else {
    say(`sending with \`npm run newsletter:send\`'s script in its own process (${label})...`);
    const cli = spawn(process.execPath, [...nodeFlags, "--import", "tsx", "scripts/newsletter-send.ts", "--stats"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = cli;
    const output = collect(cli);
    const sampler = sampleMemory(cli.pid!);
    const code = await new Promise<number | null>((resolve) => cli.on("exit", resolve));
    child = undefined;
    memory = sampler.stop();
    if (code !== 0) throw new Error(`the sender exited with ${code}:\n${output.stderr()}`);
    const statsLine = output
      .stderr()
      .split("\n")
      .find((line) => line.startsWith('{"stats"'));
    if (!statsLine) throw new Error(`the sender printed no stats:\n${output.stderr()}`);
    const stats = (
      JSON.parse(statsLine) as {
        stats: {
          seconds: number;
          rssAtStartMb: number;
          hwmAtStartMb: number;
          peakRssMb: number;
          heapTotalMb: number;
          heapUsedMb: number;
          externalMb: number;
        };
      }
    ).stats;
    // The result is the pretty-printed JSON at the end of stdout (log lines come before it).
    const stdout = output.stdout();
    const result = JSON.parse(stdout.slice(stdout.lastIndexOf("{\n"))) as { successCount: number; errorCount: number };
    delivered = result.successCount;
    failed = result.errorCount;
    totalSeconds = stats.seconds;
    rssBeforeMb = stats.rssAtStartMb;
    hwmBeforeMb = stats.hwmAtStartMb;
    memory.hwmMb = Math.max(memory.hwmMb, stats.peakRssMb);
    say(
      `V8 while sending, at most: heap ${round(stats.heapTotalMb)} MB (used ${round(stats.heapUsedMb)} MB), off-heap ${round(stats.externalMb)} MB`,
    );
  }

  // Memory against progress: the highest RSS seen in each quarter of the messages.
  const quarters = [0, 1, 2, 3].map((quarter) => {
    const inQuarter = memory.samples.filter(
      (sample) => sample.received > (quarter * subscribers) / 4 && sample.received <= ((quarter + 1) * subscribers) / 4,
    );
    return inQuarter.length ? round(Math.max(...inQuarter.map((sample) => sample.rssMb))) : null;
  });
  // Speed against progress: messages per second within each quarter of the list.
  const rateByQuarter = [0, 1, 2, 3].map((quarter) => {
    const inQuarter = memory.samples.filter(
      (sample) => sample.received > (quarter * subscribers) / 4 && sample.received <= ((quarter + 1) * subscribers) / 4,
    );
    const first = inQuarter[0];
    const last = inQuarter.at(-1);
    return first && last && last.at > first.at ? Math.round((last.received - first.received) / ((last.at - first.at) / 1000)) : null;
  });
  const sendingPeakMb = Math.max(...memory.samples.map((sample) => sample.rssMb));
  const figures = {
    via: values.via,
    nodeFlags: nodeFlags.join(" "),
    subscribers,
    dkim: values.dkim,
    concurrency: Number(values.concurrency),
    delivered,
    failed,
    receivedBySink: received,
    totalSeconds: round(totalSeconds, 2),
    messagesPerSecond: Math.round(delivered / totalSeconds),
    smtpPhaseMessagesPerSecond: lastAt > firstAt ? Math.round((received - 1) / ((lastAt - firstAt) / 1000)) : null,
    peakRssMb: round(memory.hwmMb),
    rssBeforeSendingMb: round(rssBeforeMb),
    peakRssBeforeSendingMb: round(hwmBeforeMb),
    sendingPeakRssMb: round(sendingPeakMb),
    rssByQuarterMb: quarters,
    messagesPerSecondByQuarter: rateByQuarter,
    loadAverage: os.loadavg().map((value) => round(value, 2)),
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } else {
    process.stdout.write(
      [
        `Newsletter benchmark: ${subscribers.toLocaleString("en-US")} subscribers, sent by the ${values.via === "server" ? "production server (newsletter-daily job)" : "newsletter:send CLI"}${values.dkim ? ", DKIM on" : ""}`,
        `  node flags       ${figures.nodeFlags || "(none)"}`,
        `  delivered        ${delivered.toLocaleString("en-US")} (failed ${failed}, sink received ${received.toLocaleString("en-US")})`,
        `  total time       ${figures.totalSeconds} s (issue, recipient list and sending)`,
        `  messages/s       ${figures.messagesPerSecond} overall, ${figures.smtpPhaseMessagesPerSecond ?? "-"} while sending; by quarter of the list: ${rateByQuarter.map((value) => value ?? "-").join(", ")}`,
        `  peak RSS         ${figures.peakRssMb} MB (VmHWM: the process's whole life, start-up included)`,
        `  before sending   ${figures.rssBeforeSendingMb} MB RSS (peak so far ${figures.peakRssBeforeSendingMb} MB)`,
        `  while sending    ${figures.sendingPeakRssMb} MB at most; by quarter of the list: ${quarters.map((value) => (value === null ? "-" : `${value} MB`)).join(", ")}`,
        `  load average     ${figures.loadAverage.join(", ")} (${os.cpus().length} CPUs)`,
        "",
      ].join("\n"),
    );
  }
} finally {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await embedded.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  await fs.rm(dataDir, { recursive: true, force: true });
}
