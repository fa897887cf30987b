import { stageLabels } from "~/features/inbox/stages";
import { TEST_EVENT_TYPE } from "./event-types";

/**
 * The Slack preset: an event as a readable message for a Slack incoming webhook
 * (`{text, blocks}`: `text` is the notification's fallback, `blocks` the message), with a link to
 * the person's page in the admin. Names and subjects are escaped for Slack's mrkdwn.
 */

type Person = { id?: string; name?: string | null; email?: string };
type Payload = Record<string, unknown>;

export type SlackMessage = {
  text: string;
  blocks: Array<
    { type: "section"; text: { type: "mrkdwn"; text: string } } | { type: "context"; elements: Array<{ type: "mrkdwn"; text: string }> }
  >;
};

const kindLabels: Record<string, string> = {
  lead: "chat",
  apply: "application form",
  mentoring: "mentoring form",
  contact: "contact form",
  booking: "booking",
};

/** Slack's three control characters (api.slack.com: "Escaping text"). */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function record(value: unknown): Payload {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Payload) : {};
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function who(person: Person): string {
  return text(person.name) ?? text(person.email) ?? "someone";
}

function stageLabel(stage: unknown): string {
  const key = text(stage) ?? "";
  return (stageLabels as Record<string, string>)[key] ?? key;
}

/** The one-line summary of an event, plain text (not yet escaped). */
function summary(type: string, data: Payload): string {
  const person = record(data.person) as Person;
  const enquiry = record(data.enquiry);
  const name = who(person);
  switch (type) {
    case "person.created":
      return `New person: ${name}${text(person.email) && text(person.name) ? ` (${person.email})` : ""}`;
    case "enquiry.created":
      return `New enquiry from ${name} (${kindLabels[text(enquiry.kind) ?? ""] ?? text(enquiry.kind) ?? "enquiry"})`;
    case "enquiry.stage_changed":
      return `${name}'s enquiry moved from ${stageLabel(data.previousStage)} to ${stageLabel(enquiry.stage)}`;
    case "reply.received": {
      const subject = text(record(data.mail).subject);
      return `${name} replied${subject ? `: "${subject}"` : ""}`;
    }
    case "subscriber.confirmed":
      return `${name} confirmed their newsletter subscription`;
    case "booking.created":
      return `New mentoring booking from ${name}`;
    case "booking.cancelled":
      return `${name} cancelled a mentoring booking`;
    case "booking.rescheduled":
      return `${name} moved a mentoring booking`;
    case TEST_EVENT_TYPE:
      return "Test event from Nordlys Studio: this endpoint is set up";
    default:
      return `${type}: ${name}`;
  }
}

export function toSlackMessage(type: string, data: Payload, siteUrl: string): SlackMessage {
  const line = summary(type, data);
  const personId = text(record(data.person).id);
  const link = personId ? `${siteUrl}/admin/inbox/people/${encodeURIComponent(personId)}` : null;
  const blocks: SlackMessage["blocks"] = [
    { type: "section", text: { type: "mrkdwn", text: link ? `${escapeMrkdwn(line)}: <${link}|Open in the inbox>` : escapeMrkdwn(line) } },
    { type: "context", elements: [{ type: "mrkdwn", text: escapeMrkdwn(`Nordlys Studio · ${type}`) }] },
  ];
  return { text: link ? `${line}: ${link}` : line, blocks };
}
