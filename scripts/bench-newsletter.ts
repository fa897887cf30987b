/**
 * `npm run bench:newsletter [-- --subscribers 100000] [--rate 0] [--concurrency 4] [--dkim]`
 *
 * Seeds N confirmed subscribers (default 10,000) and 5 stories in a fresh,
 * throw-away embedded PostgreSQL, starts a local SMTP sink (npm smtp-server)
 * and sends one daily issue with `scripts/newsletter-send.ts` in its own
 * process, the way `npm run newsletter:send` does. Prints messages per
 * second, total time and the peak RSS of that sending process.
 *
 * The sending rate is unlimited by default here (--rate 0), to measure what
 * the sender can do; the app's default (NEWSLETTER_SEND_RATE) is 50/s.
 */
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startEmbeddedPostgres } from "../app/.server/db/embedded.ts";
import { runMigrations } from "../app/.server/db/migrate.ts";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "10000" },
    rate: { type: "string", default: "0" },
    concurrency: { type: "string", default: "4" },
    dkim: { type: "boolean", default: false },
  },
});
const subscribers = Number(values.subscribers);
if (!Number.isInteger(subscribers) || subscribers < 1) {
  process.stderr.write("--subscribers must be a positive whole number\n");
  process.exit(2);
}
const say = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const root = path.resolve(import.meta.dirname, "..");
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

say(`starting a throw-away PostgreSQL in ${dataDir}...`);
const embedded = await startEmbeddedPostgres({ dataDir });
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

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    DATABASE_URL: embedded.url,
    DATA_DIR: dataDir,
    APP_SECRET: "bench-secret-bench-secret-bench-secret-0000",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: "https://nordlys.example",
    MAIL_FROM: "Nordlys Studio <news@nordlys.example>",
    NEWSLETTER_SEND_RATE: String(values.rate),
    NEWSLETTER_SEND_CONCURRENCY: String(values.concurrency),
    LOG_LEVEL: "warn",
  };
  if (values.dkim) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    Object.assign(env, {
      DKIM_DOMAIN: "nordlys.example",
      DKIM_SELECTOR: "bench",
      DKIM_PRIVATE_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString().replace(/\n/g, "\\n"),
    });
  }

  say(`sending (rate ${values.rate === "0" ? "unlimited" : `${values.rate}/s`}, concurrency ${values.concurrency}${values.dkim ? ", DKIM" : ""})...`);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/newsletter-send.ts", "--stats"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`the sender exited with ${code}:\n${stderr}`);

  const statsLine = stderr.split("\n").find((line) => line.startsWith('{"stats"'));
  const stats = statsLine ? (JSON.parse(statsLine) as { stats: { seconds: number; rssAtStartMb: number; peakRssMb: number } }).stats : undefined;
  const result = JSON.parse(stdout) as { successCount: number; errorCount: number };
  const seconds = stats?.seconds ?? 0;
  const figures = {
    subscribers,
    delivered: result.successCount,
    failed: result.errorCount,
    receivedBySink: received,
    totalSeconds: Number(seconds.toFixed(2)),
    messagesPerSecond: Math.round(result.successCount / seconds),
    smtpPhaseMessagesPerSecond: lastAt > firstAt ? Math.round((received - 1) / ((lastAt - firstAt) / 1000)) : null,
    peakRssMb: stats ? Number(stats.peakRssMb.toFixed(1)) : null,
    rssAtStartMb: stats ? Number(stats.rssAtStartMb.toFixed(1)) : null,
  };
  process.stdout.write(
    [
      `Newsletter benchmark: ${subscribers.toLocaleString("en-US")} subscribers${values.dkim ? " (DKIM on)" : ""}`,
      `  delivered        ${figures.delivered.toLocaleString("en-US")} (failed ${figures.failed}, sink received ${figures.receivedBySink.toLocaleString("en-US")})`,
      `  total time       ${figures.totalSeconds} s (issue, recipient list and sending)`,
      `  messages/s       ${figures.messagesPerSecond} overall, ${figures.smtpPhaseMessagesPerSecond ?? "-"} while sending`,
      `  peak RSS         ${figures.peakRssMb} MB (the sending process; ${figures.rssAtStartMb} MB when sending began)`,
      "",
    ].join("\n"),
  );
} finally {
  await embedded.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  await fs.rm(dataDir, { recursive: true, force: true });
}
