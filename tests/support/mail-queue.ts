import { RouterContextProvider } from "react-router";
import { setJobs, startJobs, type Jobs } from "../../app/.server/jobs.ts";
import { closeMailer, SEND_MAIL_QUEUE, sendMailJob } from "../../app/.server/mail/index.ts";
import { requestInfoContext } from "../../app/.server/request-context.ts";
import { quietLeadJob } from "../../app/features/chat/lead-notification.server.ts";

/**
 * The real send-mail worker on the test file's database, with retries a second
 * apart instead of ten, installed as the app's job queue. The chat's quiet-lead
 * check has its queue too (its jobs start 15 minutes later: tests run its
 * handler themselves).
 */
export async function startTestMailQueue(url: string): Promise<Jobs> {
  const jobs = await startJobs({
    url,
    definitions: [{ ...sendMailJob, queue: { ...SEND_MAIL_QUEUE, retryDelay: 1 }, pollingIntervalSeconds: 0.5 }, quietLeadJob],
  });
  setJobs(jobs);
  return jobs;
}

export async function stopTestMailQueue(jobs: Jobs | undefined): Promise<void> {
  await jobs?.stop();
  setJobs(undefined);
  closeMailer();
}

/** A router context as the Node server builds it, for calling route actions directly. */
export function requestContextFor(clientIp: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", clientIp });
  return context;
}
