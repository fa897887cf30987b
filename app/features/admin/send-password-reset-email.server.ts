import { createElement } from "react";
import { getEnv } from "~/.server/env";
import { queueMail, renderEmail } from "~/.server/mail";
import { site } from "~/content/site";
import { PasswordReset } from "~/emails/password-reset";
import { PASSWORD_RESET_MAIL_TAG } from "./outbox.server";

/**
 * Queues the admin password-reset link through the shared mail queue (retried
 * if SMTP is down). Its tag keeps the link out of the admin outbox view.
 */
export async function sendPasswordResetEmail({ to, url }: { to: string; url: string }): Promise<void> {
  const siteUrl = getEnv().PUBLIC_URL;
  const { html, text } = await renderEmail(createElement(PasswordReset, { email: to, url, siteUrl }));
  await queueMail({ to, subject: `Reset your ${site.name} admin password`, html, text, tag: PASSWORD_RESET_MAIL_TAG });
}
