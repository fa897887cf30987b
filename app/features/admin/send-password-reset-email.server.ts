import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "~/.server/env";
import { site } from "~/content/site";

/**
 * Sends the admin password-reset link.
 *
 * TEMPORARY DELIVERY: the shared mail plumbing (app/.server/mail, queueMail)
 * is built in another branch. Until it is merged, this writes the message as
 * an .eml file into DATA_DIR/outbox with nodemailer's stream transport, the
 * same place the outbox mode of the mail module uses. After the merge, replace
 * the body of this function with a queueMail(...) call; callers do not change.
 */
export async function sendPasswordResetEmail({ to, url }: { to: string; url: string }): Promise<void> {
  const env = getEnv();
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const text = [
    `Someone (hopefully you) asked to reset the password of the ${site.name} admin account for ${to}.`,
    "",
    "Choose a new password with this link (valid for one hour):",
    url,
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const info = await transport.sendMail({
    from: env.MAIL_FROM ?? `${site.name} <no-reply@${new URL(env.PUBLIC_URL).hostname}>`,
    to,
    subject: `Reset your ${site.name} admin password`,
    text,
  });
  const outbox = path.join(path.resolve(env.DATA_DIR), "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
  await fs.writeFile(path.join(outbox, name), info.message as Buffer, { mode: 0o600 });
}
