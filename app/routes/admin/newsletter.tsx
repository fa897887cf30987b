import { AlertTriangle, CalendarClock, Mail, Newspaper, Send } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, Link, useActionData, useFetcher, useNavigate, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/lib/notify";
import { requireAdmin, requireOperation } from "~/.server/admin-guard";
import { mayOpen } from "~/.server/permissions";
import { requestInfoContext } from "~/.server/request-context";
import { recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { logger } from "~/.server/logger";
import { getMailConfig } from "~/.server/mail";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AdminTable } from "~/features/admin/components/admin-table";
import { STORIES_PER_ISSUE } from "~/features/newsletter/build-daily-issue.server";
import { listNewsletterIssues } from "~/features/newsletter/list-issues.server";
import { manualSendToast } from "~/features/newsletter/manual-send-outcome";
import { sendLookedAtIssue, type ManualSendResult } from "~/features/newsletter/manual-send.server";
import { previewDailyIssue, type IssuePreview } from "~/features/newsletter/preview-issue.server";
import { sendTestIssue } from "~/features/newsletter/send-test-issue.server";
import { getSendProgress, type SendProgress } from "~/features/newsletter/send-progress.server";
import { newsletterMessages } from "~/features/newsletter/schema";
import { eraseSubscriber, exportSubscriberData } from "~/features/newsletter/subscriber-data.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/newsletter";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { AdminSection } from "~/features/admin/components/admin-section";

/** `?step=preview`: the look before sending (docs/newsletter.md, "The look before sending"). */
const PREVIEW_STEP = "preview";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { from } = getMailConfig();
  const isPreview = new URL(request.url).searchParams.get("step") === PREVIEW_STEP;
  const [issues, progress, preview] = await Promise.all([
    listNewsletterIssues(),
    getSendProgress(),
    isPreview ? previewDailyIssue() : Promise.resolve<IssuePreview | null>(null),
  ]);
  return {
    sender: from.name ? `${from.name} <${from.address}>` : from.address,
    storiesPerIssue: STORIES_PER_ISSUE,
    // Exports and erasure of a subscriber's data are the owner's and Sales' (docs/admin.md, "Roles").
    personData: mayOpen(admin.roles, "/admin/newsletter", "erase"),
    issues,
    progress,
    preview,
    adminEmail: admin.email,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Newsletter",
    description: "Send the daily AI news e-mail.",
    path: "/admin/newsletter",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

type SendAnswer = ({ intent: "send"; ok: true } & ManualSendResult) | { intent: "send"; ok: false; message: string; changed?: boolean };
type TestAnswer = { intent: "test"; status: "queued" | "limited" | "nothing" | "failed"; message: string };
type PrivacyAnswer = { intent: "export" | "erase"; message: string; exported?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientIp = context.get(requestInfoContext).clientIp;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "export" || intent === "erase") {
    requireOperation(request, admin, intent);
    const email = String(form.get("email") ?? "").trim();
    if (!email) return data<PrivacyAnswer>({ intent, message: "Enter the subscriber's e-mail address." }, { status: 400 });
    // The address is not written to the log: an erasure later must not leave it behind here.
    const entry = { user: admin, target: "a subscriber", summary: "from the newsletter page", clientIp } as const;
    if (intent === "export") {
      const exported = await exportSubscriberData(email);
      if (exported) await recordAdminAudit({ ...entry, action: "export-person" });
      return data<PrivacyAnswer>({
        intent,
        message: exported ? `Data held for ${exported.email}:` : "No subscriber with that address.",
        exported: exported ? JSON.stringify(exported, null, 2) : undefined,
      });
    }
    // The audit entry commits with the erasure.
    const erased = await eraseSubscriber(email, (tx) => recordAdminAudit({ ...entry, action: "erase-person" }, tx));
    return data<PrivacyAnswer>({
      intent,
      message: erased.erased
        ? erased.personErased
          ? "Subscriber erased, with their delivery history (nothing else was held about them)."
          : "Subscriber erased, with their delivery history. They also wrote to the studio: erase the rest from their page in the inbox."
        : "No subscriber with that address.",
    });
  }
  if (intent === "test") {
    const outcome = await sendTestIssue(admin);
    return data<TestAnswer>(
      { intent, ...outcome },
      { status: outcome.status === "queued" ? 200 : outcome.status === "limited" ? 429 : 409 },
    );
  }
  // Only the confirmation after the look sends, and only the issue that was looked at.
  const fingerprint = form.get("fingerprint");
  if (intent !== "send" || typeof fingerprint !== "string" || !fingerprint) {
    return data<SendAnswer>(
      { intent: "send", ok: false, message: "Nothing was sent: look at the issue first (Send Newsletter Now), then confirm." },
      { status: 400 },
    );
  }
  try {
    const outcome = await sendLookedAtIssue(fingerprint);
    if (outcome.kind === "changed")
      return data<SendAnswer>({ intent: "send", ok: false, changed: true, message: outcome.message }, { status: 409 });
    await recordAdminAudit({ user: admin, action: "newsletter-send", target: "today's issue", summary: outcome.result.message, clientIp });
    return data<SendAnswer>({ intent: "send", ok: true, ...outcome.result });
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
  keepPageOnFailedRequest(args, (form): SendAnswer | PrivacyAnswer | TestAnswer => {
    const intent = form.get("intent");
    if (intent === "export" || intent === "erase") return { intent, message: ADMIN_REQUEST_FAILED };
    if (intent === "test") return { intent, status: "failed", message: ADMIN_REQUEST_FAILED };
    return { intent: "send", ok: false, message: newsletterMessages.sendFailed };
  });

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { fetcher: sender, answer: result } = useFormAnswer<SendAnswer>("newsletter-send", ["send"]);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const isSending = sender.state !== "idle";
  const toastId = useRef<string | number | undefined>(undefined);
  useLiveProgress(loaderData.progress?.status === "sending" || isSending);

  useEffect(() => {
    if (sender.state === "submitting" && toastId.current === undefined) {
      toastId.current = toast.loading(newsletterMessages.sending);
    }
  }, [sender.state]);
  useEffect(() => {
    if (!sender.data || sender.data.intent !== "send" || sender.state !== "idle" || toastId.current === undefined) return;
    const answer = sender.data as SendAnswer;
    const id = toastId.current;
    toastId.current = undefined;
    // The look is over once the confirmation has been answered: back to the page without it.
    if (loaderData.preview) void navigate("/admin/newsletter", { replace: true, preventScrollReset: true });
    if (!answer.ok) {
      if (answer.changed) toast.warning(answer.message, { id });
      else toast.error(newsletterMessages.sendFailed, { id });
      return;
    }
    const outcome = manualSendToast(answer);
    toast[outcome.type](outcome.title, { id });
  }, [sender.data, sender.state, loaderData.preview, navigate]);

  return (
    <AdminShell title="Newsletter" description="Send today's AI news issue now, see past issues, or look after a subscriber's data.">
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <Card className="flex flex-col gap-4">
            <h2 className="text-xl font-semibold">Send the daily issue</h2>
            {loaderData.preview ? (
              <IssuePreviewPanel preview={loaderData.preview} adminEmail={loaderData.adminEmail} isSending={isSending} />
            ) : (
              <Form method="get" preventScrollReset>
                <input type="hidden" name="step" value={PREVIEW_STEP} />
                <Button type="submit" size="lg" disabled={isSending || navigation.state !== "idle"}>
                  <Send aria-hidden="true" />
                  {isSending ? "Sending..." : "Send Newsletter Now"}
                </Button>
                <p className="mt-2 text-sm text-ink-600">You see the issue and who gets it first; nothing is sent until you confirm.</p>
              </Form>
            )}
            <div
              aria-live="polite"
              className="rounded-[var(--radius-control)] border border-ink-200 bg-ink-50 p-4 text-sm"
              data-testid="send-result"
            >
              <SendResult result={result} hasIssues={loaderData.issues.length > 0} />
            </div>
            <SendProgressView progress={loaderData.progress} />
          </Card>

          {loaderData.personData ? <SubscriberDataCard /> : null}
        </div>

        <AboutTheNewsletter storiesPerIssue={loaderData.storiesPerIssue} sender={loaderData.sender} />
      </div>
      <IssueHistory issues={loaderData.issues} />
    </AdminShell>
  );
}

/** One form's fetcher and its answer, when the last answer was to one of `intents`. */
function useFormAnswer<A extends SendAnswer | TestAnswer | PrivacyAnswer>(key: string, intents: Array<A["intent"]>) {
  const fetcher = useFetcher<typeof action>({ key });
  // Without JavaScript the forms post as pages: their answer is the page's action data.
  const pageAnswer = useActionData<typeof action>();
  const data = fetcher.data ?? pageAnswer;
  return { fetcher, answer: data && (intents as string[]).includes(data.intent) ? (data as A) : null };
}

/**
 * The look before sending: the issue exactly as it goes out (the HTML part in a sandboxed frame,
 * the text part as text), who gets it, a test to the admin's own address, and the confirmation.
 * Works without JavaScript: the page is a GET, test and confirmation are plain form posts.
 */
function IssuePreviewPanel({ preview, adminEmail, isSending }: { preview: IssuePreview; adminEmail: string; isSending: boolean }) {
  const sender = useFetcher<typeof action>({ key: "newsletter-send" });
  const { fetcher: tester, answer: testAnswer } = useFormAnswer<TestAnswer>("newsletter-test", ["test"]);
  if (preview.kind === "no-stories") {
    return (
      <section aria-labelledby="preview-heading" className="flex flex-col gap-3" data-testid="issue-preview">
        <h3 id="preview-heading" className="text-base font-semibold">
          Nothing to send
        </h3>
        <p className="text-sm">{preview.message}</p>
        <p>
          <Link to="/admin/newsletter" className="text-sm font-medium text-aurora-700 underline underline-offset-2">
            Back
          </Link>
        </p>
      </section>
    );
  }
  const people = preview.recipients === 1 ? "1 subscriber" : `${numbers.format(preview.recipients)} subscribers`;
  return (
    <section aria-labelledby="preview-heading" className="flex min-w-0 flex-col gap-4" data-testid="issue-preview">
      <h3 id="preview-heading" className="text-base font-semibold">
        Look before sending: the issue of {preview.issueDate}
      </h3>
      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Subject</dt>
        <dd data-testid="preview-subject" className="break-words">
          {preview.subject}
        </dd>
        <dt className="font-semibold">Recipients</dt>
        <dd data-testid="preview-recipients">
          {people} (confirmed, not unsubscribed, not bounced)
          {preview.alreadyMailed > 0
            ? `; ${numbers.format(preview.alreadyMailed)} already have today's issue and are not mailed again`
            : ""}
        </dd>
        <dt className="font-semibold">Stories</dt>
        <dd>{preview.stories}</dd>
      </dl>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold">HTML part</h4>
        {/* sandbox="": no scripts, no forms, no same-origin access; links in the mail stay inert here. */}
        <iframe
          title={`HTML part of the issue of ${preview.issueDate}`}
          srcDoc={preview.html}
          sandbox=""
          data-testid="preview-html"
          className="h-[32rem] w-full rounded-[var(--radius-control)] border border-ink-200 bg-white"
        />
      </div>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold">Text part</h4>
        <pre
          data-testid="preview-text"
          className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-[var(--radius-control)] border border-ink-200 bg-white p-4 text-xs"
        >
          {preview.text}
        </pre>
        <p className="text-xs text-ink-600">Each recipient's own unsubscribe link takes the place of the example link.</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <tester.Form method="post" action={`/admin/newsletter?step=${PREVIEW_STEP}`} preventScrollReset>
          <input type="hidden" name="intent" value="test" />
          <Button type="submit" variant="outline" disabled={tester.state !== "idle"}>
            <Mail aria-hidden="true" />
            {tester.state !== "idle" ? "Sending test..." : "Send a test to me"}
          </Button>
        </tester.Form>
        <sender.Form method="post" action="/admin/newsletter" preventScrollReset>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="fingerprint" value={preview.fingerprint} />
          <Button type="submit" disabled={isSending}>
            <Send aria-hidden="true" />
            {isSending ? "Sending..." : `Send to ${people}`}
          </Button>
        </sender.Form>
        <Button asChild variant="ghost">
          <Link to="/admin/newsletter">Cancel</Link>
        </Button>
      </div>
      <p role="status" className="text-sm" data-testid="test-send-result">
        {testAnswer ? testAnswer.message : `A test goes to ${adminEmail} only and does not count as the day's send.`}
      </p>
    </section>
  );
}

const issueCounts = ["stories", "sent", "failed", "bounced", "pending"] as const;
const issueColumns = [
  "Date (UTC)",
  "Subject",
  "Status",
  ...issueCounts.map((count) => ({ heading: count[0]!.toUpperCase() + count.slice(1), numeric: true as const })),
];

function IssueHistory({ issues }: { issues: Route.ComponentProps["loaderData"]["issues"] }) {
  return (
    <AdminSection headingId="issue-history-heading" heading="Past issues" className="mt-10">
      {issues.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">No issue has been sent yet.</p>
      ) : (
        <AdminTable caption="Newsletter issues, newest first, with their delivery counts" columns={issueColumns} className="mt-4">
          {issues.map((issue) => (
            <tr key={issue.issueDate} className="border-t border-ink-100">
              <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium">
                {issue.issueDate}
              </th>
              <td className="px-4 py-3">{issue.subject}</td>
              <td className="px-4 py-3">
                <Badge variant={issue.status === "sent" ? "accent" : "neutral"}>{issue.status}</Badge>
              </td>
              {issueCounts.map((count) => (
                <td key={count} className="px-4 py-3 text-right tabular-nums">
                  {issue[count]}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
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
    <section
      aria-labelledby="send-progress-heading"
      className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-ink-200 p-4"
      data-testid="send-progress"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="send-progress-heading" className="text-base font-semibold">
          Today's issue ({progress.issueDate})
        </h3>
        <Badge variant={progress.status === "sent" ? "accent" : "neutral"}>{statusLabel}</Badge>
      </div>
      <label htmlFor="send-progress-bar" className="text-2xl font-semibold tabular-nums">
        {numbers.format(progress.sent)} of {numbers.format(progress.total)} sent
      </label>
      <progress
        id="send-progress-bar"
        max={Math.max(1, progress.total)}
        value={done}
        className="h-2.5 w-full overflow-hidden rounded-full bg-ink-100 [&::-moz-progress-bar]:bg-aurora-600 [&::-webkit-progress-bar]:bg-ink-100 [&::-webkit-progress-value]:bg-aurora-600"
      >
        {done} of {progress.total}
      </progress>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {(
          [
            ["Rate", progress.ratePerSecond === null ? "–" : `${numbers.format(progress.ratePerSecond)} per second`],
            ["Time left", progress.pending === 0 ? "none" : progress.secondsLeft === null ? "–" : timeLeft(progress.secondsLeft)],
            ["Waiting", numbers.format(progress.pending)],
            ["Failed or bounced", numbers.format(progress.failed + progress.bounced)],
          ] as const
        ).map(([term, value]) => (
          <Figure key={term} term={term} className="font-medium tabular-nums" value={value} />
        ))}
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

/** One figure of a list of them: its name above its value. */
function Figure({ term, className, value }: { term: string; className: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-600">{term}</dt>
      <dd className={className}>{value}</dd>
    </div>
  );
}

/** What the last press of the send button did: the counts, or why nothing was sent. */
function SendResult({ result, hasIssues }: { result: SendAnswer | null; hasIssues: boolean }) {
  return result ? (
    result.ok ? (
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure term="Sent now" className="text-2xl font-semibold" value={result.sentNow} />
        <Figure term="Delivered today" className="text-2xl font-semibold" value={result.successCount} />
        <Figure term="Failed" className="text-2xl font-semibold" value={result.errorCount} />
        <Figure term="Articles" className="text-2xl font-semibold" value={result.totalArticles} />
        <p className="col-span-full text-ink-700">{result.message}</p>
      </dl>
    ) : (
      <p className="font-medium text-danger-700">
        {result.message}{" "}
        {result.changed ? (
          <Link to={`/admin/newsletter?step=${PREVIEW_STEP}`} className="text-aurora-700 underline underline-offset-2">
            Look again
          </Link>
        ) : null}
      </p>
    )
  ) : (
    <p className="text-ink-600">
      {!hasIssues
        ? "No issue has been sent yet: the first press sends the first issue."
        : "Nothing sent from this page yet. A press sends today's issue to anyone who has not had it."}
    </p>
  );
}

/** Export or erase what is held about one subscriber's address (GDPR). */
function SubscriberDataCard() {
  const { fetcher: privacy, answer: privacyAnswer } = useFormAnswer<PrivacyAnswer>("newsletter-privacy", ["export", "erase"]);
  return (
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
            <pre className="max-h-80 overflow-auto rounded-[var(--radius-control)] bg-ink-950 p-4 text-xs text-white">
              {privacyAnswer.exported}
            </pre>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

/** The schedule, the content, the sender and the warning beside the send button. */
function AboutTheNewsletter({ storiesPerIssue, sender }: { storiesPerIssue: number; sender: string }) {
  return (
    <aside className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">About the newsletter</h2>
        <ul className="flex flex-col gap-3 text-sm">
          {(
            [
              [CalendarClock, "Schedule", "daily at 8:00 AM UTC"],
              [Newspaper, "Content", `${storiesPerIssue} top stories per e-mail`],
              [Mail, "Sender", sender],
            ] as const
          ).map(([Icon, term, value]) => (
            <li key={term} className="flex items-start gap-2">
              <Icon aria-hidden="true" className="mt-0.5 size-4 text-aurora-700" />
              <span>
                <strong>{term}:</strong> {value}
              </span>
            </li>
          ))}
          <li className="flex items-center gap-2">
            <span className="font-semibold">Status:</span> <Badge>Active</Badge>
          </li>
        </ul>
      </Card>
      <div
        role="note"
        className="flex items-start gap-2 rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-4 text-sm text-ink-900"
      >
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <p>
          <strong>Warning:</strong> sending delivers today's issue to all confirmed subscribers. Each subscriber gets an issue at most once,
          however often you press the button.
        </p>
      </div>
    </aside>
  );
}
