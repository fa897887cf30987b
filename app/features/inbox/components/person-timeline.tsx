import type { ReactNode } from "react";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { TranscriptText } from "~/features/admin/components/transcript-text";
import type { TimelineEntry } from "../person-timeline.server";
import { kindLabels, type Kind } from "../stages";

/**
 * The person's ONE timeline (docs/inbox.md, "The person page"), newest first: what happened last
 * (an answer, a new enquiry) is what the admin opened the page for, and it sits next to the note
 * form and the enquiry controls at the top; the history reads on downwards.
 */
export function PersonTimeline({ entries, personId }: { entries: TimelineEntry[]; personId: string }) {
  if (!entries.length) return <p className="text-ink-600">Nothing on the timeline yet.</p>;
  return (
    <ol className="grid gap-4" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-ink-200 bg-white p-4" data-testid="timeline-entry" data-type={entry.type}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-base font-semibold">{titleOf(entry)}</h3>
            <p className="text-sm text-ink-600">
              {entry.who ? `${entry.who} · ` : ""}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
          </div>
          <div className="mt-2 text-sm text-ink-800">
            <EntryBody entry={entry} personId={personId} />
          </div>
        </li>
      ))}
    </ol>
  );
}

const bookingStatusLabels: Record<string, string> = {
  pending: "scholarship waiting for approval",
  confirmed: "confirmed",
  held: "held for review",
  cancelled: "cancelled",
  done: "done",
  no_show: "no-show",
};

function aboutLabel(about: string): string {
  if (about === "newsletter-signup" || about === "subscriber") return "the newsletter";
  return about in kindLabels ? kindLabels[about as Kind].toLowerCase() : about;
}

/** An outgoing mail by what became of it (a mail from before this was kept counts as sent). */
const outgoingLabels = {
  queued: "Mail queued",
  sent: "Mail sent",
  retrying: "Mail not sent yet",
  failed: "Mail failed",
} as const;

function titleOf(entry: TimelineEntry): string {
  switch (entry.type) {
    case "visit":
      return `Visit that led to ${aboutLabel(entry.about)}`;
    case "chat":
      return entry.held ? "Chat with the assistant (held for review)" : "Chat with the assistant";
    case "submission":
      return `${kindLabels[entry.source as Kind] ?? "Form"} submitted${entry.held ? " (held for review)" : ""}`;
    case "booking":
      return `Mentoring session booked (${bookingStatusLabels[entry.status] ?? entry.status})`;
    case "subscription":
      return "Newsletter subscription";
    case "mail":
      return entry.direction === "out"
        ? `${outgoingLabels[entry.delivery?.status ?? "sent"]}: ${entry.subject}`
        : `Mail received: ${entry.subject}`;
    case "event":
      return eventTitles[entry.kind];
  }
}

const eventTitles = { note: "Note", stage: "Stage changed", owner: "Owner changed", value: "Value changed" } as const;

/** One of an entry's details: its term and its value; `asWritten`: text the person wrote, with its line breaks. */
function Fact({ term, value, asWritten }: { term: string; value: ReactNode; asWritten?: boolean }) {
  return (
    <>
      <dt className="text-ink-600">{term}</dt>
      <dd className={asWritten ? "whitespace-pre-wrap break-words" : undefined}>{value}</dd>
    </>
  );
}

function EntryBody({ entry, personId }: { entry: TimelineEntry; personId: string }) {
  switch (entry.type) {
    case "visit":
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <Fact term="Entry page" value={entry.entryPath ?? "unknown"} />
          <Fact term="Referrer" value={entry.referrerHost ?? "none (direct)"} />
          {entry.utmSource || entry.utmCampaign ? (
            <Fact term="Campaign" value={[entry.utmSource, entry.utmMedium, entry.utmCampaign].filter(Boolean).join(" / ")} />
          ) : null}
        </dl>
      );
    case "chat":
      return (
        <div className="grid gap-2">
          {entry.company ? <p>Company: {entry.company}</p> : null}
          {entry.message ? <p className="whitespace-pre-wrap">{entry.message}</p> : null}
          {entry.messages.length ? (
            <ol className="grid gap-2 border-l-2 border-ink-200 pl-3" aria-label="Chat transcript">
              {entry.messages.map((message, index) => (
                <li key={index}>
                  <span className="font-semibold">{message.role === "user" ? "Visitor" : "Assistant"}: </span>
                  {message.role === "assistant" ? (
                    <TranscriptText text={message.content} />
                  ) : (
                    <span className="whitespace-pre-wrap">{message.content}</span>
                  )}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      );
    case "booking": {
      const start = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: entry.timeZone }).format(
        new Date(entry.start),
      );
      const minutes = Math.round((Date.parse(entry.end) - Date.parse(entry.start)) / 60_000);
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <Fact term="Session" value={`${start} (${entry.timeZone}), ${minutes} minutes`} />
          <Fact term="Goals" asWritten value={entry.goals} />
          {entry.scholarshipReason ? <Fact term="Scholarship" asWritten value={entry.scholarshipReason} /> : null}
        </dl>
      );
    }
    case "submission":
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {Object.entries(entry.fields).map(([key, value]) => (
            <Fact key={key} term={key} asWritten value={value} />
          ))}
        </dl>
      );
    case "subscription":
      return (
        <p>
          Signed up on {entry.source}. {entry.confirmedAt ? `Confirmed ${formatDateTime(entry.confirmedAt)}.` : "Not confirmed."}
          {entry.unsubscribedAt ? ` Unsubscribed ${formatDateTime(entry.unsubscribedAt)}.` : ""}
          {entry.bouncedAt ? ` Bounced ${formatDateTime(entry.bouncedAt)}.` : ""}
        </p>
      );
    case "mail":
      return (
        <div className="grid gap-2">
          <p className="text-ink-600">
            From {entry.from} to {entry.to}
            {entry.autoReply ? ` · automatic reply (${entry.autoReply})` : ""}
          </p>
          {entry.delivery ? <DeliveryLine delivery={entry.delivery} /> : null}
          <p className="whitespace-pre-wrap break-words">{entry.text}</p>
          {entry.attachments.length ? (
            <ul aria-label="Attachments" className="grid gap-1">
              {entry.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <a href={`/admin/inbox/attachments/${attachment.id}`} className="underline">
                    {attachment.filename}
                  </a>{" "}
                  <span className="text-ink-600">
                    ({Math.max(1, Math.round(attachment.sizeBytes / 1024))} KB{attachment.kept ? "" : ", not kept: over the size limit"})
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {entry.enquiryId ? (
            <p>
              <a href={`/admin/inbox/people/${personId}/reply?enquiry=${entry.enquiryId}`} className="underline">
                Reply
              </a>
            </p>
          ) : null}
        </div>
      );
    case "event":
      return <p className="whitespace-pre-wrap break-words">{entry.body}</p>;
  }
}

/** What became of an outgoing mail, in the mail server's words; a failure says the text is kept for a resend. */
function DeliveryLine({ delivery }: { delivery: NonNullable<Extract<TimelineEntry, { type: "mail" }>["delivery"]> }) {
  if (delivery.status === "failed") {
    return (
      <p role="note" data-testid="mail-delivery" className="rounded-md border border-danger-700 bg-danger-100 p-2 text-ink-900">
        Not delivered. {delivery.detail} The person did not get this reply: their enquiry is waiting again, and the text below is kept to
        send again.
      </p>
    );
  }
  const text =
    delivery.status === "queued"
      ? "Queued: it goes out in a moment."
      : delivery.status === "retrying"
        ? `${delivery.detail ?? "Not sent yet."}`
        : `Accepted by the mail server: ${delivery.detail ?? "OK"}`;
  return (
    <p data-testid="mail-delivery" className="text-ink-600">
      {text}
    </p>
  );
}
