import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { inboxAttachments } from "~/.server/db/tables";
import { mentorSees } from "../mentor-scope.server";

/**
 * An attachment of an incoming mail as a download (docs/inbox.md): always `attachment`, never
 * shown inline; types a browser would run or render as a page are sent as plain bytes.
 */
const RENDERED_TYPES = /html|xml|svg|javascript|ecmascript|x-sh|pdf/i;

/** The attachment's download; with `mentor`, only of a mail about one of that mentor's enquiries (else 404). */
export async function attachmentResponse(attachmentId: string, mentor?: string | null): Promise<Response> {
  const theirs = mentor
    ? sql`exists (select 1 from inbox_mails m join enquiries on enquiries.id = m.enquiry_id
        where m.id = ${inboxAttachments.mailId} and ${mentorSees(mentor, "enquiries")})`
    : undefined;
  const [attachment] = await getDb()
    .select()
    .from(inboxAttachments)
    .where(and(eq(inboxAttachments.id, attachmentId), theirs));
  const headers = {
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  const notFound = (text: string) =>
    new Response(text, { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  if (!attachment) return notFound("No such attachment.");
  if (!attachment.content) {
    return notFound(
      `“${attachment.filename}” was larger than the inbox keeps (INBOX_MAX_ATTACHMENT_MB); open the mail in the studio's mailbox.`,
    );
  }
  const declared = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(attachment.contentType)
    ? attachment.contentType
    : "application/octet-stream";
  const type = RENDERED_TYPES.test(declared) ? "application/octet-stream" : declared;
  return new Response(new Uint8Array(attachment.content), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": type,
      "Content-Length": String(attachment.content.length),
      "Content-Disposition": contentDisposition(attachment.filename),
    },
  });
}

/** `attachment; filename="<ASCII>"; filename*=UTF-8''<encoded>` (RFC 6266), safe for any name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_") || "attachment";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
