import { z } from "zod";
import { webhookEventTypes, webhookFormats } from "./event-types";

/** The endpoint form (add and edit), shared by the page's action and the server operation. */
export const webhookEndpointSchema = z.object({
  url: z
    .string({ error: "Enter the endpoint's URL" })
    .trim()
    .min(1, "Enter the endpoint's URL")
    .max(2000, "Use a URL of at most 2000 characters")
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
      } catch {
        return false;
      }
    }, "Enter a full http:// or https:// URL (without a user name or password)"),
  description: z.string().trim().max(200, "Use at most 200 characters").default(""),
  eventTypes: z.array(z.enum(webhookEventTypes, { error: "Choose events from the list" })).min(1, "Choose at least one event"),
  format: z.enum(webhookFormats, { error: "Choose a format" }).default("standard"),
  enabled: z.boolean().default(true),
});

export type WebhookEndpointInput = z.output<typeof webhookEndpointSchema>;
export type WebhookEndpointErrors = Partial<Record<keyof WebhookEndpointInput, string>>;

/** Reads the form's fields (checkboxes `eventTypes`, `enabled`). */
export function parseEndpointForm(
  form: FormData,
): { ok: true; value: WebhookEndpointInput } | { ok: false; errors: WebhookEndpointErrors } {
  const parsed = webhookEndpointSchema.safeParse({
    url: form.get("url") ?? "",
    description: form.get("description") ?? "",
    eventTypes: form.getAll("eventTypes").map(String),
    format: form.get("format") ?? "standard",
    enabled: form.get("enabled") === "on" || form.get("enabled") === "true",
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: WebhookEndpointErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof WebhookEndpointInput;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
