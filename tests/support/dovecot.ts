import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./free-port.ts";

/**
 * A real IMAP server for tests: Debian's Dovecot (package dovecot-imapd; `.ci/run` installs it),
 * started in the foreground with a minimal configuration of its own in a temporary folder:
 * plaintext IMAP on 127.0.0.1 at a free port, one user from a passwd-file, Maildir storage.
 * It fails loudly when Dovecot is not installed instead of skipping.
 */
export type TestDovecot = {
  port: number;
  user: string;
  password: string;
  /** `imap://user:password@127.0.0.1:<port>/INBOX`: what IMAP_URL holds. */
  url: string;
  /** Delivers a raw message into INBOX as a mail server would (IMAP APPEND, without \Seen); its UID. */
  append(raw: string | Buffer): Promise<number>;
  /** Every message in INBOX with its flags (read with EXAMINE, so reading changes nothing). */
  messages(): Promise<Array<{ uid: number; flags: string[]; size: number }>>;
  stop(): Promise<void>;
};

/** The first of `candidates` that exists: where the package put a test server's binary; else `missing` as the error. */
export async function findBinary(candidates: string[], missing: string): Promise<string> {
  for (const candidate of candidates) {
    try {
      await fs.access(candidate);
      return candidate;
    } catch {
      // try the next place
    }
  }
  throw new Error(missing);
}

/** The uid/gid mail files belong to: our own, or Dovecot's system user when we are root (Dovecot refuses UID 0 for mail). */
async function mailOwner(): Promise<{ uid: number; gid: number; user: string; group: string }> {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const info = os.userInfo();
  if (uid !== 0) return { uid, gid, user: info.username, group: info.username };
  const passwd = await fs.readFile("/etc/passwd", "utf8");
  const line = passwd.split("\n").find((entry) => entry.startsWith("dovecot:"));
  if (!line) throw new Error("Running as root, Dovecot needs its system user 'dovecot' (installed with dovecot-core).");
  const [, , u, g] = line.split(":");
  return { uid: Number(u), gid: Number(g), user: "dovecot", group: "dovecot" };
}

export async function startDovecot(): Promise<TestDovecot> {
  const binary = await findBinary(
    ["/usr/sbin/dovecot", "/usr/bin/dovecot"],
    "Dovecot is not installed (apt-get install dovecot-imapd): the IMAP tests need a real IMAP server.",
  );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-dovecot-"));
  // Dovecot's unprivileged login processes must reach the folder.
  await fs.chmod(dir, 0o755);
  const owner = await mailOwner();
  const isRoot = (process.getuid?.() ?? 0) === 0;
  const port = await freePort();
  const user = "studio@nordlys.test";
  const password = "imap-test-password";
  const mailHome = path.join(dir, "home");
  await fs.mkdir(mailHome, { recursive: true });
  await fs.chown(mailHome, owner.uid, owner.gid).catch(() => undefined);
  await fs.writeFile(path.join(dir, "passwd"), `${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${mailHome}/%u\n`);
  const config = [
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    `protocols = imap`,
    `listen = 127.0.0.1`,
    `ssl = no`,
    `disable_plaintext_auth = no`,
    `auth_mechanisms = plain login`,
    `mail_location = maildir:${mailHome}/%u/Maildir`,
    `first_valid_uid = ${owner.uid}`,
    `first_valid_gid = ${owner.gid}`,
    ...(isRoot
      ? []
      : [`default_internal_user = ${owner.user}`, `default_internal_group = ${owner.group}`, `default_login_user = ${owner.user}`]),
    `passdb {`,
    `  driver = passwd-file`,
    `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
    `}`,
    `userdb {`,
    `  driver = static`,
    `  args = uid=${owner.uid} gid=${owner.gid} home=${mailHome}/%u`,
    `}`,
    `service imap-login {`,
    `  inet_listener imap {`,
    `    address = 127.0.0.1`,
    `    port = ${port}`,
    `  }`,
    `  inet_listener imaps {`,
    `    port = 0`,
    `  }`,
    `}`,
    `protocol imap {`,
    `  mail_max_userip_connections = 50`,
    `}`,
    "",
  ].join("\n");
  const configFile = path.join(dir, "dovecot.conf");
  await fs.writeFile(configFile, config);

  const child: ChildProcess = spawn(binary, ["-F", "-c", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once("exit", () => (exited = true));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited)
      throw new Error(`Dovecot exited at start: ${output}\n${await fs.readFile(path.join(dir, "dovecot.log"), "utf8").catch(() => "")}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Dovecot did not listen on ${port} within 30 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const url = `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`;
  const connect = async () => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    return client;
  };

  return {
    port,
    user,
    password,
    url,
    async append(raw) {
      const client = await connect();
      try {
        const result = await client.append("INBOX", raw, []);
        if (!result || !result.uid) throw new Error("Dovecot did not report the appended message's UID.");
        return Number(result.uid);
      } finally {
        await client.logout().catch(() => undefined);
      }
    },
    async messages() {
      const client = await connect();
      try {
        const lock = await client.getMailboxLock("INBOX", { readOnly: true });
        try {
          const list: Array<{ uid: number; flags: string[]; size: number }> = [];
          if ((client.mailbox && client.mailbox.exists) || 0) {
            for await (const message of client.fetch("1:*", { uid: true, flags: true, size: true })) {
              list.push({ uid: message.uid, flags: [...(message.flags ?? [])], size: message.size ?? 0 });
            }
          }
          return list;
        } finally {
          lock.release();
        }
      } finally {
        await client.logout().catch(() => undefined);
      }
    },
    async stop() {
      if (!exited) {
        const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (!exited) child.kill("SIGKILL");
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
