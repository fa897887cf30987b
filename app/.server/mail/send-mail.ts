import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import nodemailer, { type Mail, type SendMailOptions } from "nodemailer";
import { logger } from "../logger";
import { DKIM_SIGNED_HEADERS, getMailConfig, type MailAddressObject, type MailConfig } from "./config";

/** One address: `"ada@example.com"` or `{ name: "Ada", address: "ada@example.com" }`. */
export type MailAddress = string | MailAddressObject;

/** A rendered e-mail, ready to send (what `queueMail` stores and `sendMailNow` sends). */
export type MailMessage = {
  to: MailAddress | MailAddress[];
  subject: string;
  /** Both parts are required: every mail has an HTML and a plain-text version. */
  html: string;
  text: string;
  /** Defaults to MAIL_FROM (or the content module's sender). */
  from?: MailAddress;
  replyTo?: MailAddress;
  /**
   * Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post`.
   * Names are checked; line breaks in values are removed. With DKIM configured,
   * the List-* fields are covered by the signature.
   */
  headers?: Record<string, string>;
  /** Short label for logs and outbox file names: "form-notification". */
  tag?: string;
  /** What the mail is about (`booking:<id>`): its fate is kept under it too (mail_deliveries), for the feature to show. */
  ref?: string;
  /** Our own Message-ID (`<…@domain>`), for mails whose answers must find their thread (the inbox's replies). */
  messageId?: string;
  /** Threading: the Message-ID answered, and the thread's earlier Message-IDs. */
  inReplyTo?: string;
  references?: string[];
  /**
   * A calendar invite (iTIP, RFC 5546) for this mail: nodemailer adds it as a
   * `text/calendar; method=…` alternative (what Gmail, Outlook and Apple Mail read to show
   * "Add to calendar / Accept") and again as an `invite.ics` attachment for clients that
   * only look at attachments. `method` must match the METHOD line inside `content`.
   * Plain JSON, so it survives the send-mail queue.
   */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string };
};

/**
 * A message whose text and HTML bodies are ready-made MIME parts (header lines, blank line,
 * encoded body), sent as they are: bulk mail encoded once and personalised per recipient
 * (the newsletter, app/features/newsletter/issue-mime.server.ts).
 */
export type PreparedMailMessage = Omit<MailMessage, "html" | "text"> & {
  preparedParts: { text: string | Buffer | Readable; html: string | Buffer | Readable };
};

export type SentMail = {
  messageId: string;
  /** Recipients the server accepted (all of them for the outbox). */
  accepted: string[];
  rejected: string[];
  /** Set when SMTP_URL is unset: the .eml file written. */
  outboxFile?: string;
  /** The server's answer to the message ("250 2.0.0 Ok: queued as …"), or where the outbox put it. */
  response: string;
};

/** Header fields a caller may not set through `headers` (the message's own fields set them). */
const RESERVED_HEADERS = new Set([
  "from",
  "to",
  "cc",
  "bcc",
  "reply-to",
  "subject",
  "sender",
  "date",
  "message-id",
  "in-reply-to",
  "references",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "dkim-signature",
]);

/**
 * Text that ends up in a header (subjects, display names) can never start a
 * new header line: control characters, CR and LF collapse to one space.
 */
export function toHeaderText(value: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

function cleanAddress(address: MailAddress): MailAddress {
  if (typeof address === "string") return toHeaderText(address);
  return { name: toHeaderText(address.name), address: toHeaderText(address.address) };
}

function cleanHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const cleaned: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      throw new Error(`The mail header "${name}" cannot be set through headers.`);
    }
    cleaned[name] = toHeaderText(value);
  }
  return cleaned;
}

type Transport = { key: string; mailer: Mail; config: MailConfig; logLevel?: "info" | "debug" };
let current: Transport | undefined;

function createMailer(config: MailConfig, maxConnections = 3): Mail {
  const dkim = config.dkim ? { ...config.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } : undefined;
  if (config.transport.kind === "smtp") {
    return nodemailer.createTransport({
      url: config.transport.url,
      pool: true,
      maxConnections,
      // A slow or silent server fails the attempt (and the job retries) instead of hanging it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      dkim,
    });
  }
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows", dkim });
}

function getTransport(): Transport {
  const config = getMailConfig();
  const key = JSON.stringify([config.transport, config.dkim?.domainName, config.dkim?.keySelector, config.dkim?.privateKey]);
  if (current?.key !== key) {
    current?.mailer.close();
    current = { key, mailer: createMailer(config), config };
  }
  return current;
}

export type MailerPool = {
  /** Like sendMailNow, on this pool's own connections (each message logged at debug level only). */
  send(message: MailMessage | PreparedMailMessage): Promise<SentMail>;
  close(): void;
};

/**
 * A separate SMTP connection pool of `maxConnections` for bulk sending (the
 * newsletter), so a long send neither queues behind nor holds up the form
 * mails on the shared pool. Same configuration, DKIM and outbox fallback.
 */
export function openMailerPool(maxConnections: number): MailerPool {
  const config = getMailConfig();
  const transport: Transport = { key: "bulk", mailer: createMailer(config, maxConnections), config, logLevel: "debug" };
  return { send: (message) => sendMailNow(message, transport), close: () => transport.mailer.close() };
}

/** Closes the SMTP connection pool (on shutdown, and between tests). */
export function closeMailer(): void {
  current?.mailer.close();
  current = undefined;
}

function outboxFileName(tag: string | undefined): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const label = (tag ?? "mail").replace(/[^a-z0-9-]+/gi, "-").slice(0, 40);
  return `${stamp}-${label}-${randomBytes(4).toString("hex")}.eml`;
}

/**
 * Sends one message now: through SMTP_URL's pooled connection, or, when
 * SMTP_URL is unset, as an .eml file in DATA_DIR/outbox. Throws when the SMTP
 * server refuses or cannot be reached (the send-mail job retries on that).
 */
export async function sendMailNow(message: MailMessage | PreparedMailMessage, transport: Transport = getTransport()): Promise<SentMail> {
  const { mailer, config } = transport;
  const to = (Array.isArray(message.to) ? message.to : [message.to]).map(cleanAddress);
  if (to.length === 0) throw new Error("A mail needs at least one recipient.");
  const options: SendMailOptions = {
    from: cleanAddress(message.from ?? config.from),
    to,
    replyTo: message.replyTo ? cleanAddress(message.replyTo) : undefined,
    subject: toHeaderText(message.subject),
    ...("preparedParts" in message
      ? { text: { raw: message.preparedParts.text }, html: { raw: message.preparedParts.html } }
      : { html: message.html, text: message.text }),
    headers: cleanHeaders(message.headers),
    ...(message.messageId ? { messageId: toHeaderText(message.messageId) } : {}),
    ...(message.inReplyTo ? { inReplyTo: toHeaderText(message.inReplyTo) } : {}),
    ...(message.references?.length ? { references: message.references.map(toHeaderText) } : {}),
    ...(message.icalEvent
      ? { icalEvent: { method: message.icalEvent.method, content: message.icalEvent.content, filename: "invite.ics" } }
      : {}),
  };

  const info = (await mailer.sendMail(options)) as {
    messageId: string;
    response?: string;
    accepted?: Array<string | { address: string }>;
    rejected?: Array<string | { address: string }>;
    message?: Buffer;
  };
  const addresses = (list: Array<string | { address: string }> | undefined) =>
    (list ?? []).map((entry) => (typeof entry === "string" ? entry : entry.address));

  if (config.transport.kind === "outbox") {
    const dir = config.transport.dir;
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, outboxFileName(message.tag));
    // Written under a temporary name first: a reader never sees half a file.
    await fs.writeFile(`${file}.tmp`, info.message ?? "");
    await fs.rename(`${file}.tmp`, file);
    logger.info({ file, tag: message.tag, messageId: info.messageId }, "Mail written to the outbox (SMTP_URL is not set)");
    return {
      messageId: info.messageId,
      accepted: to.map((entry) => (typeof entry === "string" ? entry : entry.address)),
      rejected: [],
      outboxFile: file,
      response: `Written to the outbox (SMTP_URL is not set): ${path.basename(file)}`,
    };
  }

  logger[transport.logLevel ?? "info"](
    { tag: message.tag, messageId: info.messageId, accepted: addresses(info.accepted).length },
    "Mail sent over SMTP",
  );
  return {
    messageId: info.messageId,
    accepted: addresses(info.accepted),
    rejected: addresses(info.rejected),
    response: info.response ?? "Accepted",
  };
}
