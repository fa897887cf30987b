/**
 * The mail module: every e-mail the site sends goes through here.
 *
 *   const { html, text } = await renderEmail(<MyTemplate ... />);
 *   await queueMail({ to, subject, html, text, tag: "my-feature" });   // returns once queued
 *   await sendMailNow({ to, subject, html, text });                    // sends now, throws on failure
 *
 * SMTP_URL set: a pooled SMTP connection. Unset: .eml files in DATA_DIR/outbox.
 * DKIM_DOMAIN/DKIM_SELECTOR/DKIM_PRIVATE_KEY set: every message is signed.
 * See docs/mail-and-forms.md.
 */
export { getMailConfig, parseMailbox, type MailAddressObject, type MailConfig } from "./config";
export { queueMail, sendMailJob, SEND_MAIL_QUEUE, type QueueMailOptions } from "./queue";
export { renderEmail } from "./render";
export { closeMailer, sendMailNow, toHeaderText, type MailAddress, type MailMessage, type SentMail } from "./send-mail";
export { openMailerPool, type MailerPool, type PreparedMailMessage } from "./send-mail";
