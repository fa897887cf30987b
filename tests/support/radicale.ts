import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findBinary } from "./dovecot.ts";
import { freePort } from "./free-port.ts";

/**
 * A real CalDAV server for tests: Debian's Radicale (package radicale; `.ci/run` installs it),
 * started in the foreground with a configuration of its own in a temporary folder: plain HTTP
 * on 127.0.0.1 at a free port, one user from a plain htpasswd file, `owner_only` rights (so a
 * user reaches only their own collections, as at a real provider) and filesystem storage in
 * the same folder. It fails loudly when Radicale is not installed instead of skipping.
 *
 * Radicale has no root restriction (unlike Dovecot), so it runs as whoever runs the tests.
 */
export type TestRadicale = {
  /** The server's root, `http://127.0.0.1:<port>/`: what a mentor would paste as "account URL". */
  url: string;
  username: string;
  password: string;
  /** A calendar collection (VEVENT) made for the test: `<url><username>/calendar/`. */
  calendarUrl: string;
  /** Makes another calendar collection of the user (e.g. a second one, or one for tasks only). */
  makeCalendar(name: string, options?: { displayName?: string; components?: Array<"VEVENT" | "VTODO"> }): Promise<string>;
  stop(): Promise<void>;
};

function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export async function startRadicale(): Promise<TestRadicale> {
  const binary = await findBinary(
    ["/usr/bin/radicale", "/usr/local/bin/radicale"],
    "Radicale is not installed (apt-get install radicale): the CalDAV tests need a real CalDAV server.",
  );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-radicale-"));
  let child: ChildProcess | undefined;
  let exited = false;
  let output = "";

  const stop = async () => {
    if (child && !exited) {
      const running = child;
      const gone = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      running.kill("SIGTERM");
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (!exited) running.kill("SIGKILL");
    }
    await fs.rm(dir, { recursive: true, force: true });
  };

  try {
    const port = await freePort();
    const username = "mentor";
    const password = "caldav-test-app-password";
    await fs.writeFile(path.join(dir, "users"), `${username}:${password}\n`);
    const config = [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${dir}/users`,
      "htpasswd_encryption = plain",
      // Radicale waits a second after a failed login by default; the wrong-password test need not.
      "delay = 0",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${dir}/collections`,
      "[web]",
      "type = none",
      "[logging]",
      "level = warning",
      "mask_passwords = True",
      "",
    ].join("\n");
    const configFile = path.join(dir, "config");
    await fs.writeFile(configFile, config);

    // `--config` replaces the default search path, so /etc/radicale/config is never read.
    child = spawn(binary, ["--config", configFile], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", () => (exited = true));
    child.once("error", (error) => ((exited = true), (output += String(error))));

    const url = `http://127.0.0.1:${port}/`;
    const auth = basicAuth(username, password);
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (exited) throw new Error(`Radicale exited at start: ${output}`);
      // An authenticated PROPFIND of the user's own principal: Radicale answers it once it
      // serves requests, and it creates the principal collection on the first login.
      const ready = await fetch(`${url}${username}/`, {
        method: "PROPFIND",
        headers: { Authorization: auth, Depth: "0" },
        signal: AbortSignal.timeout(1_000),
      }).then(
        async (response) => (await response.arrayBuffer(), response.status === 207),
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`Radicale did not answer on ${port} within 20 s: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const makeCalendar: TestRadicale["makeCalendar"] = async (name, options = {}) => {
      const calendarUrl = `${url}${username}/${encodeURIComponent(name)}/`;
      const components = (options.components ?? ["VEVENT"]).map((component) => `<C:comp name="${component}"/>`).join("");
      const body =
        `<?xml version="1.0" encoding="utf-8"?>` +
        `<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>` +
        `<D:displayname>${escapeXml(options.displayName ?? name)}</D:displayname>` +
        `<C:supported-calendar-component-set>${components}</C:supported-calendar-component-set>` +
        `</D:prop></D:set></C:mkcalendar>`;
      const response = await fetch(calendarUrl, {
        method: "MKCALENDAR",
        headers: { Authorization: auth, "Content-Type": "application/xml; charset=utf-8" },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`MKCALENDAR ${calendarUrl} answered ${response.status}: ${text}`);
      return calendarUrl;
    };

    const calendarUrl = await makeCalendar("calendar", { displayName: "Mentoring" });
    return { url, username, password, calendarUrl, makeCalendar, stop };
  } catch (error) {
    // A failed start leaves neither a process nor the folder behind.
    await stop();
    throw error;
  }
}
