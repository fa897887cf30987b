import type { WebhookEventType, WebhookFormat } from "~/.server/db/tables/inbox";

/** The events an endpoint can subscribe to, in the form's order (docs/inbox.md, "Webhooks"). */
export const webhookEventTypes = [
  "person.created",
  "enquiry.created",
  "enquiry.stage_changed",
  "reply.received",
  "subscriber.confirmed",
  "booking.created",
  "booking.cancelled",
  "booking.rescheduled",
] as const satisfies readonly WebhookEventType[];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  "person.created": "A new person",
  "enquiry.created": "A new enquiry",
  "enquiry.stage_changed": "An enquiry changed stage",
  "reply.received": "A person replied",
  "subscriber.confirmed": "A newsletter subscription confirmed",
  "booking.created": "A mentoring booking made",
  "booking.cancelled": "A mentoring booking cancelled",
  "booking.rescheduled": "A mentoring booking moved",
};

/** The type of "Send test event": not an event of the site, never in `webhook_events`. */
export const TEST_EVENT_TYPE = "webhook.test";

export const webhookFormats = ["standard", "slack"] as const satisfies readonly WebhookFormat[];

export const webhookFormatLabels: Record<WebhookFormat, string> = {
  standard: "Standard Webhooks (signed JSON)",
  slack: "Slack (incoming webhook)",
};
