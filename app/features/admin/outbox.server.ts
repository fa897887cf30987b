import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser, type AddressObject } from "mailparser";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { outboxFileSchema } from "./schema";
import { pageCount } from "./search.server";

/**
 * The outbox: when no SMTP server is configured, mail is written to
 * DATA_DIR/outbox as .eml files. Admins read them here, newest first. Only
 * the plain-text part is shown (mailparser derives it from the HTML when a
 * message has none), rendered as text: no mail HTML reaches the page.
 *
 * Mail that carries a sign-in secret (a password-reset link) is listed but
 * its text is never shown: any admin could otherwise take over another
 * admin's account. Only whoever can read DATA_DIR/outbox on the server sees it.
 */
export const OUTBOX_PAGE_SIZE = 25;
const MAX_EML_BYTES = 5 * 1024 * 1024;

export function outboxDir(): string {
  return path.join(path.resolve(getEnv().DATA_DIR), "outbox");
}

export type OutboxSummary = { file: string; subject: string; from: string; to: string; date: string; redacted: boolean };
export type OutboxMessage = OutboxSummary & { text: string; attachments: string[] };

/**
 * Tags of mail whose body holds a sign-in secret (sending code must use these
 * tags; the mail module puts the tag in the file name).
 */
export const PASSWORD_RESET_MAIL_TAG = "password-reset";
const SECRET_MAIL_TAGS = [PASSWORD_RESET_MAIL_TAG];

export const REDACTED_TEXT =
  "This message holds a sign-in secret (a password-reset link), so its text is not shown to admins. " +
  "Whoever runs the server can read the whole message in its file under DATA_DIR/outbox.";

/** Outbox files are named `<time>-<tag>-<random hex>.eml` (app/.server/mail/send-mail.ts). */
function holdsSecret(file: string): boolean {
  return SECRET_MAIL_TAGS.some((tag) => file.includes(`-${tag}-`));
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return "";
  return (Array.isArray(value) ? value : [value]).map((entry) => entry.text).join(", ");
}

async function parseFile(file: string, full: boolean): Promise<OutboxMessage | null> {
  const fullPath = path.join(outboxDir(), file);
  const stat = await fs.stat(fullPath).catch(() => null);
  if (!stat) return null;
  try {
    if (!stat.isFile() || stat.size > MAX_EML_BYTES) return null;
    const redacted = holdsSecret(file);
    const showBody = full && !redacted;
    const parsed = await simpleParser(await fs.readFile(fullPath), {
      skipHtmlToText: !showBody,
      skipTextLinks: true,
      skipImageLinks: true,
    });
    return {
      file,
      subject: parsed.subject ?? "(no subject)",
      from: addresses(parsed.from),
      to: addresses(parsed.to),
      date: (parsed.date ?? stat.mtime).toISOString(),
      redacted,
      text: showBody ? (parsed.text ?? "").trim() : redacted && full ? REDACTED_TEXT : "",
      attachments: showBody ? parsed.attachments.map((a) => a.filename ?? a.contentType) : [],
    };
  } catch (error) {
    logger.warn({ err: error, file }, "Outbox: could not read a message");
    return null;
  }
}

/** One page of messages, newest first (by file time). An absent folder is an empty outbox. */
export async function listOutbox(page: number) {
  const dir = outboxDir();
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => outboxFileSchema.safeParse(name).success);
  const withTimes = await Promise.all(
    names.map(async (name) => ({ name, mtime: (await fs.stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0 })),
  );
  withTimes.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
  const pages = pageCount(withTimes.length, OUTBOX_PAGE_SIZE);
  const current = Math.min(page, pages);
  const slice = withTimes.slice((current - 1) * OUTBOX_PAGE_SIZE, current * OUTBOX_PAGE_SIZE);
  const messages = (await Promise.all(slice.map(({ name }) => parseFile(name, false)))).filter(
    (message): message is OutboxMessage => message !== null,
  );
  return {
    messages: messages.map(({ text: _text, attachments: _attachments, ...summary }): OutboxSummary => summary),
    total: withTimes.length,
    page: current,
    pageCount: pages,
  };
}

/** One message with its text, or null when the name is not an outbox file. */
export async function readOutboxMessage(file: string): Promise<OutboxMessage | null> {
  if (!outboxFileSchema.safeParse(file).success) return null;
  return parseFile(file, true);
}
