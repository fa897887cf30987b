import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiNews, newsletterSubscriptions } from "~/.server/db/tables";
import { setupTestDatabase } from "../support/database";
import { confirmedReaders, newsStories } from "../support/newsletter-seed";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { waitUntil } from "../support/wait-until";

/**
 * The newsletter's promise when its sender dies (docs/newsletter.md, "Sending"): the process that
 * sends today's issue is killed with SIGKILL in the middle of the send, and the send is run again.
 * Every subscriber gets the issue, and at most one message per send in flight
 * (NEWSLETTER_SEND_CONCURRENCY) reaches anyone a second time: one the mail server accepted whose
 * "sent" mark the killed process had not committed yet.
 */
const database = setupTestDatabase();
const SUBSCRIBERS = 400;
const CONCURRENCY = 4;
let sink: SmtpSink;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-newsletter-kill-"));
  const db = database.current.db;
  await db.insert(aiNews).values(newsStories(5, "kill"));
  await db.insert(newsletterSubscriptions).values(confirmedReaders(SUBSCRIBERS));
});

afterAll(async () => {
  await sink?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** `npm run newsletter:send` as its own process, against this file's database and mail server. */
function sendProcess(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/newsletter-send.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: database.current.url,
      DATA_DIR: dataDir,
      APP_SECRET: "newsletter-kill-test-secret-newsletter-kill-0",
      PUBLIC_URL: "https://nordlys.test",
      SMTP_URL: sink.url,
      MAIL_FROM: "Nordlys <news@nordlys.test>",
      NEWSLETTER_SEND_RATE: "0",
      NEWSLETTER_SEND_CONCURRENCY: String(CONCURRENCY),
      LOG_LEVEL: "warn",
    },
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

describe("the newsletter sender killed mid-send", () => {
  it("every subscriber gets the issue, and at most one message per send in flight is sent twice", async () => {
    const first = sendProcess();
    // Killed once a quarter of the issue has been accepted by the mail server.
    await waitUntil(() => sink.received.length >= SUBSCRIBERS / 4 || first.exitCode !== null, { timeoutMs: 60_000, everyMs: 2 });
    first.kill("SIGKILL");
    await exited(first);
    const atKill = sink.received.length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    const second = sendProcess();
    let errors = "";
    second.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    expect(await exited(second), errors).toBe(0);

    const counts = sink.countsByRecipient();
    expect(counts.size).toBe(SUBSCRIBERS);
    const extra = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
    expect(extra).toBeLessThanOrEqual(CONCURRENCY);
    expect(sink.received.length).toBe(SUBSCRIBERS + extra);
  }, 120_000);
});
