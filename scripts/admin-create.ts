/**
 * `npm run admin:create -- --email E [--password P] [--name N] [--role R ...] [--reset-enrolment]`
 *
 * Creates an admin account, or gives an existing account roles (owner unless --role says
 * otherwise; --role may be given several times: owner, editor, sales, newsletter, mentor) (and
 * a new password when --password is given or typed). For an account without
 * two-factor it prints a one-time enrolment link (24 hours), which the admin
 * opens before the first sign-in; --reset-enrolment turns an enrolled
 * account's two-factor off first (a lost phone) and prints a link. Without --password it
 * asks for one, hidden, on the terminal. Works while the server runs (it
 * joins the embedded database the server recorded under DATA_DIR), when it
 * does not (it starts the embedded database itself), and with DATABASE_URL.
 */
import { parseArgs } from "node:util";
import { withCliApp } from "../app/.server/db/cli-database.ts";
import { adoptServerAddress } from "../app/.server/server-address.ts";
import { enrolmentUrl } from "../app/features/admin/admin-enrolment.server.ts";
import { createOrPromoteAdmin } from "../app/features/admin/create-admin.server.ts";
import { isRole, ROLES, type Role } from "../app/.server/permissions.ts";

const usage =
  "Usage: npm run admin:create -- --email you@example.com [--password 'at least 12 characters'] [--name 'Your Name'] [--role owner|editor|sales|newsletter|mentor ...] [--reset-enrolment]";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Reads a password from the terminal without echoing it (or one line from a pipe). */
async function promptPassword(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  if (!input.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  return new Promise((resolve) => {
    let value = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const onData = (text: string) => {
      for (const char of text) {
        if (char === "\r" || char === "\n") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stderr.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          process.stderr.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on("data", onData);
  });
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string", multiple: true },
      "reset-enrolment": { type: "boolean" },
      help: { type: "boolean" },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
}
if (args.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const email = args.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`Give a valid --email.\n${usage}`);

const roles: Role[] = [];
for (const role of args.role ?? ["owner"]) {
  if (!isRole(role)) fail(`Unknown role "${role}": the roles are ${ROLES.join(", ")}.\n${usage}`);
  if (!roles.includes(role)) roles.push(role);
}

let password = args.password;
if (password === undefined) {
  password = await promptPassword(`Password for ${email} (at least 12 characters; empty keeps an existing password): `);
  if (!password) password = undefined;
  else if (process.stdin.isTTY) {
    const again = await promptPassword("Repeat the password: ");
    if (again !== password) fail("The passwords do not match.");
  }
}

try {
  // The sign-in address (and any link) is where the server runs, unless PUBLIC_URL says.
  const publicUrl = await adoptServerAddress();
  const result = await withCliApp(() =>
    createOrPromoteAdmin({ email, password, name: args.name, roles, resetEnrolment: args["reset-enrolment"] === true }),
  );
  const what = result.status === "created" ? "Created admin" : "Gave";
  const to = result.status === "created" ? "" : " to";
  process.stdout.write(
    `${what}${to} ${email} (${roles.join(", ")})${result.status === "promoted" && result.passwordChanged ? " and set a new password" : ""}.\n`,
  );
  if (result.twoFactorReset) process.stdout.write(`Turned off two-factor sign-in for ${email}: it is set up again after the link below.\n`);
  if (result.enrolment) {
    process.stdout.write(
      `Enrolment link (one use, valid until ${result.enrolment.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC; give it only to ${email}):\n` +
        `  ${enrolmentUrl(publicUrl, result.enrolment.token)}\n` +
        "Open it in the browser you will sign in with, then sign in with the password and set up two-factor sign-in.\n",
    );
  } else {
    process.stdout.write(`Sign in at ${publicUrl}/admin/login (two-factor is already set up; --reset-enrolment starts it over).\n`);
  }
} catch (error) {
  fail(`Could not create the admin: ${error instanceof Error ? error.message : String(error)}`);
}
