import { and, eq, inArray, or, sql } from "drizzle-orm";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { enquiries, imapState, inboxAttachments, inboxMails, mailDeliveries, people, personEmailKey } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { autoReplyReason } from "./auto-reply";
import { bounceOf, type Bounce } from "./bounce";
import { sanitizeMailHtml } from "./sanitize-mail-html.server";
import { tokenFromAddress, tokenFromMessageId } from "./thread-address.server";

/**
 * One message read from the studio's mailbox, stored in `inbox_mails` (docs/inbox.md,
 * "Connecting the studio's mailbox"). Idempotent: a message already stored (same mailbox,
 * UIDVALIDITY and UID) is skipped, and the reader's place (`imap_state`) moves in the same
 * transaction, so a restart neither loses nor repeats one.
 *
 * A message belongs to a thread only when it names the thread (our Message-ID in In-Reply-To or
 * References, or the thread's plus address in To/Cc/Delivered-To) AND comes from that thread's
 * person; anything else is "Unmatched", for an admin to assign or discard.
 */
export type ImportLimits = { maxMessageBytes: number; maxAttachmentBytes: number };

export type FetchedMessage = {
  mailbox: string;
  uidValidity: number;
  uid: number;
  size: number;
  /** The whole message; absent when it is over the size cap. */
  source?: Buffer;
  /** The header block alone (messages over the cap, or that could not be stored as read). */
  headers?: Buffer;
  /** The whole message was fetched but could not be stored: keep its headers with a note. */
  unreadable?: boolean;
};

export type ImportResult = { status: "stored" | "duplicate"; mailId?: string; personId?: string | null; autoReply?: string | null };

type Attachment = { filename: string; contentType: string; sizeBytes: number; content: Buffer | null };

type Parsed = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  from: string;
  to: string;
  recipients: string[];
  subject: string;
  text: string;
  html: string | null;
  autoReply: string | null;
  attachments: Attachment[];
  /** A delivery-status notification about one of our mails (bounce.ts). */
  bounce?: Bounce | null;
};

const MB = 1024 * 1024;

function formatMb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** A header's value or values as a list. */
function listOf<T>(value: T | T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : value ? [value] : [];
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  return listOf(value)
    .flatMap((entry) => entry.value.flatMap((item) => [item.address ?? "", ...(item.group ?? []).map((g) => g.address ?? "")]))
    .filter(Boolean);
}

function headerText(parsed: ParsedMail, name: string): string | undefined {
  const value = parsed.headers.get(name);
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value === "object" && "value" in value) return String((value as { value: unknown }).value);
  if (typeof value === "object" && "text" in value) return String((value as { text: unknown }).text);
  return String(value);
}

/** Message-IDs as we store them: each in angle brackets, without spaces. */
function messageIds(value: string | string[] | undefined): string[] {
  return listOf(value)
    .flatMap((entry) => entry.match(/<[^<>\s]+>/g) ?? (entry.trim() ? [`<${entry.trim().replace(/^<|>$/g, "")}>`] : []))
    .filter((id) => id.length <= 500);
}

function fromParsed(parsed: ParsedMail, maxAttachmentBytes: number): Parsed {
  const delivered = listOf(parsed.headers.get("delivered-to")).map(String);
  const html = typeof parsed.html === "string" && parsed.html ? sanitizeMailHtml(parsed.html) : null;
  return {
    messageId: messageIds(parsed.messageId)[0] ?? null,
    inReplyTo: messageIds(parsed.inReplyTo)[0] ?? null,
    references: messageIds(parsed.references).slice(-100),
    from: addresses(parsed.from)[0] ?? "",
    to: addresses(parsed.to).join(", "),
    recipients: [...addresses(parsed.to), ...addresses(parsed.cc), ...delivered],
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html,
    autoReply: autoReplyReason((name) => headerText(parsed, name)),
    bounce: bounceOf(parsed),
    attachments: parsed.attachments.map((attachment) => ({
      filename: safeFilename(attachment.filename ?? "attachment"),
      contentType: (attachment.contentType || "application/octet-stream").slice(0, 200),
      sizeBytes: attachment.size ?? attachment.content.length,
      content: attachment.content.length <= maxAttachmentBytes ? attachment.content : null,
    })),
  };
}

/** A file name safe to store and to offer for download: no path, no control characters, not empty. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>|:*?]+/g, "_")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 150);
  return cleaned || "attachment";
}

async function parseMessage(message: FetchedMessage, limits: ImportLimits): Promise<Parsed> {
  if (message.source) {
    try {
      const parsed = await simpleParser(message.source, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
      return fromParsed(parsed, limits.maxAttachmentBytes);
    } catch (error) {
      // Unreadable MIME: keep what the headers say, and the message itself as an attachment.
      const headersOnly = await parseHeaders(headerBlock(message.source));
      const reason = error instanceof Error ? error.message.slice(0, 200) : "unknown error";
      return {
        ...headersOnly,
        text: `This message could not be read (${reason}). The original is attached as message.eml.`,
        attachments: [
          {
            filename: "message.eml",
            contentType: "message/rfc822",
            sizeBytes: message.source.length,
            content: message.source.length <= limits.maxAttachmentBytes ? message.source : null,
          },
        ],
      };
    }
  }
  const headersOnly = await parseHeaders(message.headers ?? Buffer.alloc(0));
  if (message.unreadable) {
    return {
      ...headersOnly,
      text: "This message could not be stored as it was read: only its headers were kept. Open it in the studio's mailbox.",
    };
  }
  return {
    ...headersOnly,
    text: `This message is ${formatMb(message.size)}, more than the ${formatMb(limits.maxMessageBytes)} the inbox keeps: only its headers were read. Open it in the studio's mailbox.`,
  };
}

function headerBlock(source: Buffer): Buffer {
  const end = source.indexOf("\r\n\r\n");
  const endLf = source.indexOf("\n\n");
  const cut = end >= 0 ? end + 4 : endLf >= 0 ? endLf + 2 : Math.min(source.length, 64 * 1024);
  return source.subarray(0, Math.min(cut, 256 * 1024));
}

async function parseHeaders(headers: Buffer): Promise<Parsed> {
  try {
    const parsed = await simpleParser(Buffer.concat([headers, Buffer.from("\r\n\r\n")]), { skipImageLinks: true, skipTextToHtml: true });
    return { ...fromParsed(parsed, 0), text: "", html: null, attachments: [] };
  } catch {
    return {
      messageId: null,
      inReplyTo: null,
      references: [],
      from: "",
      to: "",
      recipients: [],
      subject: "",
      text: "",
      html: null,
      autoReply: null,
      attachments: [],
    };
  }
}

/** Stores one fetched message (or skips it when already stored) and moves the reader's place past it. */
export async function importMessage(message: FetchedMessage, limits: ImportLimits): Promise<ImportResult> {
  const parsed = await parseMessage(message, limits);
  const messageId =
    parsed.messageId ??
    `<imap.${message.uidValidity}.${message.uid}@${message.mailbox.replace(/[^A-Za-z0-9.-]/g, "-") || "mailbox"}.invalid>`;
  const fromKey = personEmailKey(parsed.from);

  return withTransaction(async (tx) => {
    const advance = () =>
      tx.db
        .insert(imapState)
        .values({ mailbox: message.mailbox, uidValidity: message.uidValidity, lastUid: message.uid })
        .onConflictDoUpdate({
          target: imapState.mailbox,
          set: {
            uidValidity: message.uidValidity,
            lastUid: sql`case when ${imapState.uidValidity} = ${message.uidValidity} then greatest(${imapState.lastUid}, ${message.uid}) else ${message.uid} end`,
            updatedAt: sql`now()`,
          },
        });
    const duplicate = async () => {
      await advance();
      return { status: "duplicate" } as const;
    };

    // After a UIDVALIDITY change the server numbers every message anew: one stored before under
    // the old numbering is the same mail, not a new one.
    const [seen] = await tx.db
      .select({ id: inboxMails.id })
      .from(inboxMails)
      .where(
        and(
          eq(inboxMails.direction, "in"),
          eq(inboxMails.mailbox, message.mailbox),
          eq(inboxMails.messageId, messageId),
          or(sql`${inboxMails.uidValidity} is distinct from ${message.uidValidity}`, eq(inboxMails.uid, message.uid)),
        ),
      )
      .limit(1);
    if (seen) return duplicate();

    // A bounce of one of our mails belongs to that mail's person and enquiry, and is no answer of theirs.
    const bounced = parsed.bounce ? await bouncedMail(tx.db, parsed.bounce) : null;
    if (bounced) parsed.autoReply ??= "Delivery status notification";
    const match = bounced ?? (fromKey ? await findThread(tx.db, parsed, fromKey) : null);
    const [stored] = await tx.db
      .insert(inboxMails)
      .values({
        personId: match?.personId ?? null,
        enquiryId: match?.enquiryId ?? null,
        direction: "in",
        messageId,
        inReplyTo: parsed.inReplyTo,
        references: parsed.references,
        fromAddress: parsed.from.slice(0, 320),
        toAddress: parsed.to.slice(0, 2000),
        subject: parsed.subject.slice(0, 1000),
        text: parsed.text,
        html: parsed.html,
        autoReply: parsed.autoReply,
        mailbox: message.mailbox,
        uidValidity: message.uidValidity,
        uid: message.uid,
        sizeBytes: Math.min(message.size, 2_147_483_647),
      })
      .onConflictDoNothing()
      .returning({ id: inboxMails.id });
    if (!stored) return duplicate();
    for (const attachment of parsed.attachments) {
      await tx.db.insert(inboxAttachments).values({ mailId: stored.id, ...attachment });
    }
    if (match && !parsed.autoReply) {
      // The person answered: they now wait for us (since this answer, unless already waiting).
      await tx.db
        .update(enquiries)
        .set({ lastInboundAt: sql`now()`, waitingSince: sql`coalesce(${enquiries.waitingSince}, now())` })
        .where(eq(enquiries.id, match.enquiryId));
      await tx.db
        .update(people)
        .set({ lastActivityAt: sql`greatest(${people.lastActivityAt}, now())` })
        .where(eq(people.id, match.personId));
    }
    await advance();
    return { status: "stored", mailId: stored.id, personId: match?.personId ?? null, autoReply: parsed.autoReply } as const;
  });
}

type Reader = Parameters<Parameters<typeof withTransaction>[0]>[0]["db"];

/**
 * The mail a bounce returns, marked failed with the server's reason (mail_deliveries; its trigger
 * puts an inbox reply's enquiry back to waiting), and whose person and enquiry it was; null when
 * the bounce is about no mail of ours.
 */
async function bouncedMail(db: Reader, bounce: Bounce): Promise<{ enquiryId: string; personId: string } | null> {
  await db
    .update(mailDeliveries)
    .set({ status: "failed", detail: `Bounced: ${bounce.reason}`, updatedAt: new Date() })
    .where(eq(mailDeliveries.messageId, bounce.originalMessageId));
  const [mail] = await db
    .select({ enquiryId: inboxMails.enquiryId, personId: inboxMails.personId })
    .from(inboxMails)
    .where(and(eq(inboxMails.direction, "out"), eq(inboxMails.messageId, bounce.originalMessageId)))
    .limit(1);
  return mail?.enquiryId && mail.personId ? { enquiryId: mail.enquiryId, personId: mail.personId } : null;
}

/** The thread this message names and whose person sent it, or null (then it is Unmatched). */
async function findThread(db: Reader, parsed: Parsed, fromKey: string): Promise<{ enquiryId: string; personId: string } | null> {
  const ids = [...new Set([...(parsed.inReplyTo ? [parsed.inReplyTo] : []), ...parsed.references])];
  const tokens = new Set(
    [...ids.map(tokenFromMessageId), ...parsed.recipients.map(tokenFromAddress)].filter((token): token is string => token !== null),
  );
  const byMessage = ids.length
    ? await db
        .selectDistinct({ enquiryId: inboxMails.enquiryId })
        .from(inboxMails)
        .where(and(eq(inboxMails.direction, "out"), inArray(inboxMails.messageId, ids)))
    : [];
  const enquiryIds = byMessage.map((row) => row.enquiryId).filter((id): id is string => Boolean(id));
  if (tokens.size === 0 && enquiryIds.length === 0) return null;
  const conditions = [
    ...(tokens.size ? [inArray(enquiries.threadToken, [...tokens])] : []),
    ...(enquiryIds.length ? [inArray(enquiries.id, enquiryIds)] : []),
  ];
  const [found] = await db
    .select({ enquiryId: enquiries.id, personId: enquiries.personId })
    .from(enquiries)
    .innerJoin(people, eq(people.id, enquiries.personId))
    .where(and(or(...conditions), eq(people.emailKey, fromKey)))
    .orderBy(sql`${enquiries.createdAt} desc`)
    .limit(1);
  return found ?? null;
}
