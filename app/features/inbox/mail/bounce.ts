import type { ParsedMail } from "mailparser";

/** A delivery-status notification saying one of our mails could not be delivered (RFC 3464). */
export type Bounce = { originalMessageId: string; reason: string };

const ORIGINAL_PARTS = new Set([
  "text/rfc822-headers",
  "message/rfc822",
  "message/rfc822-headers",
  "message/global",
  "message/global-headers",
]);

/**
 * The bounce a mail reports, or null: a `multipart/report; report-type=delivery-status` whose
 * report says `Action: failed` (not delayed or delivered), naming the Message-ID of the returned
 * mail in its headers part (or, failing that, in In-Reply-To). The reason is the server's
 * Diagnostic-Code, else the Status.
 */
export function bounceOf(parsed: Pick<ParsedMail, "headers" | "text" | "attachments" | "inReplyTo">): Bounce | null {
  const type = parsed.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== "multipart/report" || type.params?.["report-type"]?.toLowerCase() !== "delivery-status") return null;
  const report = [
    parsed.text ?? "",
    ...parsed.attachments.filter((part) => part.contentType === "message/delivery-status").map((part) => part.content.toString("utf8")),
  ].join("\n");
  if (!/^Action:\s*failed\b/im.test(report)) return null;
  const original = parsed.attachments
    .filter((part) => ORIGINAL_PARTS.has(part.contentType.toLowerCase()))
    .map((part) => /^Message-ID:\s*(<[^>\s]+>)/im.exec(part.content.subarray(0, 64 * 1024).toString("utf8"))?.[1])
    .find(Boolean);
  const originalMessageId = original ?? (typeof parsed.inReplyTo === "string" ? /<[^>\s]+>/.exec(parsed.inReplyTo)?.[0] : undefined);
  if (!originalMessageId) return null;
  const diagnostic = /^Diagnostic-Code:\s*(?:[\w-]+;\s*)?(.+)$/im.exec(report)?.[1];
  const status = /^Status:\s*([245]\.\d{1,3}\.\d{1,3})/im.exec(report)?.[1];
  const reason = (diagnostic ?? (status ? `status ${status}` : "no reason given")).trim().slice(0, 300);
  return { originalMessageId, reason };
}
