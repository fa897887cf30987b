import { AlertTriangle, CalendarClock, Mail, Newspaper, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/lib/notify";
import { requireAdmin } from "~/.server/admin-guard";
import { logger } from "~/.server/logger";
import { getMailConfig } from "~/.server/mail";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { STORIES_PER_ISSUE } from "~/features/newsletter/build-daily-issue.server";
import { listNewsletterIssues } from "~/features/newsletter/list-issues.server";
import { manualSendToast } from "~/features/newsletter/manual-send-outcome";
import { runManualSend } from "~/features/newsletter/manual-send.server";
import { getSendProgress, type SendProgress } from "~/features/newsletter/send-progress.server";
import { newsletterMessages } from "~/features/newsletter/schema";
import { eraseSubscriber, exportSubscriberData } from "~/features/newsletter/subscriber-data.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/newsletter";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { from } = getMailConfig();
  const [issues, progress] = await Promise.all([listNewsletterIssues(), getSendProgress()]);
  return {
    sender: from.name ? `${from.name} <${from.address}>` : from.address,
    storiesPerIssue: STORIES_PER_ISSUE,
    issues,
    progress,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Newsletter", description: "Send the daily AI news e-mail.", path: "/admin/newsletter", publicUrl: publicUrlFrom(matches), noindex: true });

type SendAnswer =
  | {
      intent: "send";
      ok: true;
      successCount: number;
      errorCount: number;
      totalArticles: number;
      sentNow: number;
      status: "no-stories" | "sent" | "sending" | "paused";
      message: string;
    }
  | { intent: "send"; ok: false; message: string };
type PrivacyAnswer = { intent: "export" | "erase"; message: string; exported?: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "export" || intent === "erase") {
    const email = String(form.get("email") ?? "").trim();
    if (!email) return data<PrivacyAnswer>({ intent, message: "Enter the subscriber's e-mail address." }, { status: 400 });
    if (intent === "export") {
      const exported = await exportSubscriberData(email);
      return data<PrivacyAnswer>({
        intent,
        message: exported ? `Data held for ${exported.email}:` : "No subscriber with that address.",
        exported: exported ? JSON.stringify(exported, null, 2) : undefined,
      });
    }
    const erased = await eraseSubscriber(email);
    return data<PrivacyAnswer>({ intent, message: erased.erased
        ? erased.personErased
          ? "Subscriber erased, with their delivery history (nothing else was held about them)."
          : "Subscriber erased, with their delivery history. They also wrote to the studio: erase the rest from their page in the inbox."
        : "No subscriber with that address." });
  }
  try {
    const result = await runManualSend();
    return data<SendAnswer>({ intent: "send", ok: true, ...result });
  } catch (error) {
    logger.error({ err: error }, "Manual newsletter send failed");
    return data<SendAnswer>({ intent: "send", ok: false, message: newsletterMessages.sendFailed }, { status: 500 });
  }
}

/**
 * A post that fails on the way keeps the page: a send says 'Failed to send newsletter' (its
 * toast and result box), an export or erase says so under its form (docs/decisions/0177).
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (form): SendAnswer | PrivacyAnswer => {
    const intent = form.get("intent");
    return intent === "export" || intent === "erase"
      ? { intent, message: ADMIN_REQUEST_FAILED }
      : { intent: "send", ok: false, message: newsletterMessages.sendFailed };
  });

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const sender = useFetcher<typeof action>({ key: "newsletter-send" });
  const navigation = useNavigation();
  const privacy = useFetcher<typeof action>({ key: "newsletter-privacy" });
  const isSending = sender.state !== "idle";
  const toastId = useRef<string | number | undefined>(undefined);
  const result = sender.data && sender.data.intent === "send" ? (sender.data as SendAnswer) : null;
  const privacyAnswer = privacy.data && privacy.data.intent !== "send" ? (privacy.data as PrivacyAnswer) : null;
  useLiveProgress(loaderData.progress?.status === "sending" || isSending);

  useEffect(() => {
    if (sender.state === "submitting" && toastId.current === undefined) {
      toastId.current = toast.loading(newsletterMessages.sending);
    }
  }, [sender.state]);
  useEffect(() => {
    if (!result || sender.state !== "idle") return;
    const id = toastId.current;
    toastId.current = undefined;
    if (!result.ok) {
      toast.error(newsletterMessages.sendFailed, { id });
      return;
    }
    const outcome = manualSendToast(result);
    toast[outcome.type](outcome.title, { id });
  }, [result, sender.state]);

  return (
    <AdminShell
      title="Newsletter"
      description="Send today's AI news issue now, see past issues, or look after a subscriber's data."
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-8">
          <Card className="flex flex-col gap-4">
            <h2 className="text-xl font-semibold">Send the daily issue</h2>
            <sender.Form method="post">
              <input type="hidden" name="intent" value="send" />
              <Button type="submit" size="lg" disabled={isSending || navigation.state === "submitting"}>
                <Send aria-hidden="true" />
                {isSending ? "Sending..." : "Send Newsletter Now"}
              </Button>
            </sender.Form>
            <div aria-live="polite" className="rounded-[var(--radius-control)] border border-ink-200 bg-ink-50 p-4 text-sm" data-testid="send-result">
              {result ? (
                result.ok ? (
                  <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                    <div>
                      <dt className="text-ink-600">Sent now</dt>
                      <dd className="text-2xl font-semibold">{result.sentNow}</dd>
                    </div>
                    <div>
                      <dt className="text-ink-600">Delivered today</dt>
                      <dd className="text-2xl font-semibold">{result.successCount}</dd>
                    </div>
                    <div>
                      <dt className="text-ink-600">Failed</dt>
                      <dd className="text-2xl font-semibold">{result.errorCount}</dd>
                    </div>
                    <div>
                      <dt className="text-ink-600">Articles</dt>
                      <dd className="text-2xl font-semibold">{result.totalArticles}</dd>
                    </div>
                    <p className="col-span-full text-ink-700">{result.message}</p>
                  </dl>
                ) : (
                  <p className="font-medium text-danger-700">{result.message}</p>
                )
              ) : (
                <p className="text-ink-600">
                  {loaderData.issues.length === 0
                    ? "No issue has been sent yet: the first press sends the first issue."
                    : "Nothing sent from this page yet. A press sends today's issue to anyone who has not had it."}
                </p>
              )}
            </div>
            <SendProgressView progress={loaderData.progress} />
          </Card>

          <Card className="flex flex-col gap-4">
            <h2 className="text-xl font-semibold">Subscriber data (GDPR)</h2>
            <p className="text-sm text-ink-600">Export everything held about an address, or erase it with its delivery history.</p>
            <privacy.Form method="post" className="flex flex-col gap-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="privacy-email">Subscriber e-mail</Label>
                <Input id="privacy-email" name="email" type="email" autoComplete="off" required maxLength={255} />
              </div>
              <div className="flex flex-wrap gap-3">
                <Button type="submit" name="intent" value="export" variant="outline">
                  Export data
                </Button>
                <Button type="submit" name="intent" value="erase" variant="outline">
                  Erase subscriber
                </Button>
              </div>
            </privacy.Form>
            {privacyAnswer ? (
              <div role="status" className="flex flex-col gap-2 text-sm">
                <p className="font-medium">{privacyAnswer.message}</p>
                {privacyAnswer.exported ? (
                  <pre className="max-h-80 overflow-auto rounded-[var(--radius-control)] bg-ink-950 p-4 text-xs text-white">{privacyAnswer.exported}</pre>
                ) : null}
              </div>
            ) : null}
          </Card>
        </div>

        <aside className="flex flex-col gap-4">
          <Card className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">About the newsletter</h2>
            <ul className="flex flex-col gap-3 text-sm">
              <li className="flex items-start gap-2">
                <CalendarClock aria-hidden="true" className="mt-0.5 size-4 text-aurora-700" />
                <span>
                  <strong>Schedule:</strong> daily at 8:00 AM UTC
                </span>
              </li>
              <li className="flex items-start gap-2">
                <Newspaper aria-hidden="true" className="mt-0.5 size-4 text-aurora-700" />
                <span>
                  <strong>Content:</strong> {loaderData.storiesPerIssue} top stories per e-mail
                </span>
              </li>
              <li className="flex items-start gap-2">
                <Mail aria-hidden="true" className="mt-0.5 size-4 text-aurora-700" />
                <span>
                  <strong>Sender:</strong> {loaderData.sender}
                </span>
              </li>
              <li className="flex items-center gap-2">
                <span className="font-semibold">Status:</span> <Badge>Active</Badge>
              </li>
            </ul>
          </Card>
          <div role="note" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-4 text-sm text-ink-900">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            <p>
              <strong>Warning:</strong> sending delivers today's issue to all confirmed subscribers. Each subscriber gets an issue at most once,
              however often you press the button.
            </p>
          </div>
        </aside>
      </div>
      <IssueHistory issues={loaderData.issues} />
    </AdminShell>
  );
}

function IssueHistory({ issues }: { issues: Route.ComponentProps["loaderData"]["issues"] }) {
  return (
    <section aria-labelledby="issue-history-heading" className="mt-10">
      <h2 id="issue-history-heading" className="text-xl font-semibold">
        Past issues
      </h2>
      {issues.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">No issue has been sent yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-[var(--radius-card)] border border-ink-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Newsletter issues, newest first, with their delivery counts</caption>
            <thead className="bg-ink-50 text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Date (UTC)</th>
                <th scope="col" className="px-4 py-3 font-semibold">Subject</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Stories</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Sent</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Failed</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Bounced</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Pending</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.issueDate} className="border-t border-ink-100">
                  <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium">{issue.issueDate}</th>
                  <td className="px-4 py-3">{issue.subject}</td>
                  <td className="px-4 py-3">
                    <Badge variant={issue.status === "sent" ? "accent" : "neutral"}>{issue.status}</Badge>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{issue.stories}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{issue.sent}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{issue.failed}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{issue.bounced}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{issue.pending}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}


/** Every 2 s while a send runs, the page's data is loaded again (the numbers below move). */
function useLiveProgress(active: boolean) {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (!active || !idle) return;
    const timer = setTimeout(() => void revalidate(), 2000);
    return () => clearTimeout(timer);
  }, [active, idle, revalidate]);
}

const numbers = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

function timeLeft(seconds: number): string {
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `about ${minutes} min left` : `about ${numbers.format(minutes / 60)} h left`;
}

/**
 * Today's issue: sent of total, the rate and the time left. Server-rendered numbers; with
 * JavaScript they refresh every 2 s while the issue is sending, without it the Refresh link
 * loads them again.
 */
function SendProgressView({ progress }: { progress: SendProgress | null }) {
  if (!progress) return <p className="text-sm text-ink-600">Today's issue has not been sent yet.</p>;
  const done = progress.total - progress.pending;
  const statusLabel = progress.status === "sending" ? "Sending" : progress.status === "paused" ? "Paused" : "Sent";
  return (
    <section aria-labelledby="send-progress-heading" className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-ink-200 p-4" data-testid="send-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="send-progress-heading" className="text-base font-semibold">
          Today's issue ({progress.issueDate})
        </h3>
        <Badge variant={progress.status === "sent" ? "accent" : "neutral"}>{statusLabel}</Badge>
      </div>
      <label htmlFor="send-progress-bar" className="text-2xl font-semibold tabular-nums">
        {numbers.format(progress.sent)} of {numbers.format(progress.total)} sent
      </label>
      <progress id="send-progress-bar" max={Math.max(1, progress.total)} value={done} className="h-2.5 w-full overflow-hidden rounded-full bg-ink-100 [&::-moz-progress-bar]:bg-aurora-600 [&::-webkit-progress-bar]:bg-ink-100 [&::-webkit-progress-value]:bg-aurora-600">
        {done} of {progress.total}
      </progress>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-ink-600">Rate</dt>
          <dd className="font-medium tabular-nums">{progress.ratePerSecond === null ? "–" : `${numbers.format(progress.ratePerSecond)} per second`}</dd>
        </div>
        <div>
          <dt className="text-ink-600">Time left</dt>
          <dd className="font-medium tabular-nums">
            {progress.pending === 0 ? "none" : progress.secondsLeft === null ? "–" : timeLeft(progress.secondsLeft)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-600">Waiting</dt>
          <dd className="font-medium tabular-nums">{numbers.format(progress.pending)}</dd>
        </div>
        <div>
          <dt className="text-ink-600">Failed or bounced</dt>
          <dd className="font-medium tabular-nums">{numbers.format(progress.failed + progress.bounced)}</dd>
        </div>
      </dl>
      {progress.status !== "sent" ? (
        <p className="text-sm">
          <Link to="/admin/newsletter" reloadDocument className="font-medium text-aurora-700 underline underline-offset-2">
            Refresh
          </Link>{" "}
          <span className="text-ink-600">(updates by itself every 2 seconds while sending)</span>
        </p>
      ) : null}
    </section>
  );
}
