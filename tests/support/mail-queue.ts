import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "../../app/.server/env.ts";
import { setJobs, startJobs, type Jobs, type StartJobsOptions } from "../../app/.server/jobs.ts";
import { closeMailer, SEND_MAIL_QUEUE, sendMailJob } from "../../app/.server/mail/index.ts";
import { quietLeadJob } from "../../app/features/chat/lead-notification.server.ts";
import type { TestDatabase } from "./database.ts";
import { restoreEnvAfterAll } from "./process-env.ts";

/**
 * The real send-mail worker on the test file's database, with retries a second
 * apart instead of ten, installed as the app's job queue. The chat's quiet-lead
 * check has its queue too (its jobs start 15 minutes later: tests run its
 * handler themselves); `more` adds other jobs a test needs running.
 */
export async function startTestMailQueue(url: string, more: StartJobsOptions["definitions"] = []): Promise<Jobs> {
  const jobs = await startJobs({
    url,
    definitions: [{ ...sendMailJob, queue: { ...SEND_MAIL_QUEUE, retryDelay: 1 }, pollingIntervalSeconds: 0.5 }, quietLeadJob, ...more],
  });
  setJobs(jobs);
  return jobs;
}

export async function stopTestMailQueue(jobs: Jobs | undefined): Promise<void> {
  await jobs?.stop();
  setJobs(undefined);
  closeMailer();
}

/**
 * The app's mail for a whole test file: before its tests, starts a mail server (`start`), points
 * the app at it (SMTP_URL; the site https://nordlys.test and the studio as sender unless `env`
 * says otherwise) and, given the file's database, starts the test mail queue on it (with `more`
 * jobs); after them, stops both and puts process.env back. Read the server as `.current` inside
 * tests.
 */
export function setupTestMail<Server extends { url: string; stop(): Promise<void> }>(
  start: () => Promise<Server>,
  env: Record<string, string> = {},
  queue?: { database: { current: TestDatabase }; more?: StartJobsOptions["definitions"] },
): { current: Server } {
  restoreEnvAfterAll();
  const holder = {} as { current: Server };
  let jobs: Jobs | undefined;
  beforeAll(async () => {
    holder.current = await start();
    Object.assign(process.env, {
      SMTP_URL: holder.current.url,
      PUBLIC_URL: "https://nordlys.test",
      MAIL_FROM: "Nordlys Studio <studio@nordlys.test>",
      ...env,
    });
    resetEnvForTests();
    if (queue) jobs = await startTestMailQueue(queue.database.current.url, queue.more);
  });
  afterAll(async () => {
    await stopTestMailQueue(jobs);
    await holder.current?.stop();
  });
  return holder;
}
