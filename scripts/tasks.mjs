/**
 * The npm scripts' work, run by scripts/launch.cjs with a recent enough Node.
 *
 *   start        build if the sources changed since the last build, then serve it
 *   dev          development server with hot reload
 *   build        production build
 *   typecheck    route types + tsc (the TypeScript, then the JavaScript scripts: tsconfig.scripts.json)
 *   lint         eslint, then the Prettier format check
 *   format       Prettier writes the format the lint step checks
 *   unit         vitest, project "unit": plain functions and components (no build, no database)
 *   integration  vitest, project "integration": real embedded PostgreSQL and the production build
 *   e2e          production build + Playwright in Chromium
 *   test         typecheck and lint (side by side), unit, integration, e2e: what CI runs
 *   images       optimised AVIF/WebP/JPEG variants of the artwork in images/ (sharp)
 *   fonts        the subset font files in app/fonts/ (scripts/build-fonts.mjs)
 *   lighthouse   Lighthouse scores for key pages of the production build, mobile and desktop
 *   screenshots  full-page screenshots of every public and admin page at 390 and 1440 px (screenshots/)
 *   db:generate  new migration from the schema (drizzle-kit)
 *   db:migrate   apply migrations to DATABASE_URL or the running embedded database
 *   bench        load, latency, JavaScript, memory and start-up figures (table + bench/results.json)
 *   bench:news   news refresh benchmark (50 local feeds x 50 items; full and all-304 refresh)
 *   bench:ai     time to first streamed AI token through the server (needs a build)
 *   admin:create create an admin account or give an account the admin role
 *   backup:check pg_dump the database, restore it into a new database, compare every table's row count
 *   newsletter:send        send today's newsletter issue now (again: nobody gets a second copy)
 *   newsletter:subscriber  export or erase a newsletter subscriber's data (GDPR)
 *   inbox:person           export or erase everything held about one person (GDPR; docs/inbox.md)
 *   content:export         all content as one JSON file (docs/content.md, "Export and import")
 *   content:import         put a content file's items in place
 *   bench:newsletter       send one issue to N seeded subscribers through a local SMTP sink
 *   bench:analytics        page-view beacons under load: events/s, latency, memory, exact counts (docs/analytics.md)
 *   bench:chaos            mixed traffic while the database restarts: answers, lost submissions, recovery, memory (docs/deploy.md)
 *   bench:inbox            list, board and search of the inbox over 100,000 seeded people (docs/inbox.md)
 *   bench:booking          mentoring: 60 days of free slots for 5 mentors, and bookings 50 at a time (bench/booking.ts)
 *   bench:content          the content editor over 1,000 revisions, and a publish reaching two instances (docs/content.md)
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { runStep } from "./quiet-step.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** @param {string} name */
const bin = (name) => path.join(root, "node_modules", ".bin", name);
/** @param {string} message */
const say = (message) => process.stderr.write(`[nordlys] ${message}\n`);

/** @typedef {{ env?: Record<string, string>, label?: string }} RunOptions */

/**
 * Runs a command to completion; resolves with its exit code. Signals reach it through the process group.
 * @param {string} command
 * @param {string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<number>}
 */
function run(command, args, { env = {}, label } = {}) {
  if (label) say(label);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...env } });
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => () => child.exitCode === null && child.kill(signal);
    /** @type {Array<[NodeJS.Signals, () => void]>} */
    const handlers = /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]).map((signal) => [signal, forward(signal)]);
    for (const [signal, handler] of handlers) process.on(signal, handler);
    child.on("error", (error) => {
      say(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      for (const [name, handler] of handlers) process.removeListener(name, handler);
      resolve(code ?? (signal === "SIGINT" ? 130 : 1));
    });
  });
}

/**
 * Runs a command; exits this process with its code when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {RunOptions} [options]
 */
async function step(command, args, options) {
  const started = Date.now();
  const code = await run(command, args, options);
  if (code !== 0) {
    say(`${options?.label ?? command} failed (exit ${code}).`);
    process.exit(code);
  }
  // Each stage's time in the output (CI keeps nothing else), as the quiet steps print theirs.
  if (options?.label) say(`${options.label.replace(/\.\.\.$/, "")}: done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

function ensureInstalled() {
  if (!fs.existsSync(path.join(root, "node_modules", ".bin", "react-router"))) {
    say("Dependencies are missing: run `npm install` first.");
    process.exit(1);
  }
}

const BUILD_STAMP = path.join(root, "build", ".build-stamp");
const BUILD_INPUTS = ["app", "server", "public", "drizzle", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

/** @param {string} target a file or folder @returns {number} its newest modification time, in ms */
function newestMtime(target) {
  let newest = 0;
  /** @param {string} file */
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  visit(target);
  return newest;
}

function isBuildStale() {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js")) || !fs.existsSync(BUILD_STAMP)) return true;
  const built = fs.statSync(BUILD_STAMP).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

async function build() {
  // At a terminal: one line while Vite works and one when it is done; its ~250 lines only if it
  // fails (scripts/quiet-step.mjs). Elsewhere (CI, logs) the full output as it comes.
  const label = "Building the production bundle...";
  const code = await runStep(bin("react-router"), ["build"], { cwd: root, label, env: { NODE_ENV: "production" } });
  if (code !== 0) {
    say(`${label} failed (exit ${code}).`);
    process.exit(code);
  }
  await step(process.execPath, [path.join(root, "scripts", "precompress.mjs")]);
  fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
}

async function ensureBuild() {
  if (isBuildStale()) await build();
}

/** Installs Debian packages when running as root on Debian/Ubuntu; false when that is not possible. */
/** @param {string[]} packages @param {string} why @returns {boolean} */
function aptInstall(packages, why) {
  const isDebian = fs.existsSync("/etc/debian_version");
  const isRoot = process.getuid?.() === 0;
  if (!isDebian || !isRoot) return false;
  say(`${why}: installing Debian's ${packages.join(", ")} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  const install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...packages], { stdio: "inherit", env });
  return install.status === 0;
}

/** @param {string} name @returns {string} the command's path, or "" */
function commandPath(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
}

/**
 * A tool the tests need: when `found()` is false, Debian's `debianPackage` is installed (aptInstall)
 * and looked for again; when it is still missing, `help` is printed and the task stops.
 * @param {() => boolean} found @param {string} debianPackage @param {string} why @param {string} help
 */
function ensureTool(found, debianPackage, why, help) {
  if (found()) return;
  if (aptInstall([debianPackage], why) && found()) return;
  say(help);
  process.exit(1);
}

/** Java for the Nu HTML checker (vnu-jar) in the browser tests. */
function ensureJava() {
  ensureTool(
    () => Boolean((process.env.JAVA && fs.existsSync(process.env.JAVA)) || commandPath("java")),
    "openjdk-17-jre-headless",
    "No Java found for the HTML checker",
    "The HTML validity tests need Java (for the Nu HTML checker) and none was found.\n" +
      "  Debian/Ubuntu: sudo apt-get install openjdk-17-jre-headless\n" +
      "  Elsewhere: install a Java 11+ runtime and set JAVA=/path/to/java",
  );
}

/**
 * The backup check test (tests/integration/backup-check.test.ts) needs pg_dump and pg_restore,
 * and a PostgreSQL server of their major version unless pg_dump is 18 or newer (the embedded
 * server's). Debian 12 ships version 15 of both (docs/decisions/0091).
 */
function ensurePostgresTools() {
  const found = () => {
    const binDir = process.env.PG_BIN_DIR;
    if (binDir) return fs.existsSync(path.join(binDir, "pg_dump"));
    if (!commandPath("pg_dump")) return false;
    const version = spawnSync("pg_dump", ["--version"], { encoding: "utf8" }).stdout ?? "";
    const major = Number(/(\d+)/.exec(version.replace(/^[^\d]*/, ""))?.[1]);
    return major >= 18 || fs.existsSync(`/usr/lib/postgresql/${major}/bin/postgres`);
  };
  ensureTool(
    found,
    "postgresql",
    "No PostgreSQL client tools (pg_dump) for the backup check test",
    "The backup check test needs pg_dump and pg_restore, with a PostgreSQL server of the same major version\n" +
      "  (or pg_dump 18+). Debian/Ubuntu: sudo apt-get install postgresql\n" +
      "  Elsewhere: install PostgreSQL and set PG_BIN_DIR to its bin folder",
  );
}

/** Dovecot for the inbox's IMAP tests (tests/support/dovecot.ts starts an instance of its own). */
function ensureDovecot() {
  ensureTool(
    () => ["/usr/sbin/dovecot", "/usr/bin/dovecot"].some((file) => fs.existsSync(file)),
    "dovecot-imapd",
    "No Dovecot for the inbox's IMAP tests",
    "The inbox's IMAP tests need Dovecot.\n  Debian/Ubuntu: sudo apt-get install dovecot-imapd\n  Elsewhere: install Dovecot 2.3 (its dovecot binary in /usr/sbin or /usr/bin)",
  );
}

/** Debian's nginx for the proxy test and the bench (tests/support/nginx-proxy.ts runs it with deploy/nginx/nginx.conf). */
function ensureNginx() {
  ensureTool(
    () => fs.existsSync(process.env.NGINX_PATH || "/usr/sbin/nginx"),
    "nginx",
    "No nginx for the proxy test (tests/integration/proxy-cache.test.ts)",
    "The proxy test runs nginx with deploy/nginx/nginx.conf.\n  Debian/Ubuntu: sudo apt-get install nginx\n  Elsewhere: install nginx 1.22+ and set NGINX_PATH to its binary",
  );
}

/** Finds Chromium for the browser tests, installing Debian's package as root when there is none. */
function findChromium() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) {
    if (fs.existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    say(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.`);
    process.exit(1);
  }
  for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
    const found = commandPath(name);
    if (found) candidates.push(found);
  }
  if (candidates[0]) return candidates[0];
  if (aptInstall(["chromium"], "No Chromium found") && fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  say(
    "The browser tests need Chromium and none was found.\n" +
      "  Debian/Ubuntu: sudo apt-get install chromium\n" +
      "  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium",
  );
  process.exit(1);
}

/** Database restarts, full disks, floods: tests/integration/chaos-*.test.ts (docs/deploy.md, "When things fail"). */
const CHAOS_TESTS = "tests/integration/chaos-*.test.ts";

/** The type check's steps and the linter, as [tool, arguments, label]: `npm run typecheck` / `lint` and `npm test` run the same. */
/** @type {Array<[string, string[], string]>} */
const TYPECHECK_STEPS = [
  ["react-router", ["typegen"], "Generating route types..."],
  ["tsc", ["--noEmit"], "Type-checking..."],
  // The JavaScript command-line tools and benchmarks, with their JSDoc types (tsconfig.scripts.json).
  ["tsc", ["--noEmit", "-p", "tsconfig.scripts.json"], "Type-checking the scripts..."],
];
/** @type {Array<[string, string[], string]>} */
const LINT_STEPS = [
  ["eslint", ["--max-warnings=0", "."], "Linting..."],
  // One layout for every code file (.prettierrc.json); `npm run format` writes it.
  ["prettier", ["--check", "--log-level=warn", "."], "Checking the format (Prettier)..."],
];

/**
 * The type check and the linter side by side: each is one process on one core, and neither needs
 * the other. Their output is held and printed only for the one that fails (scripts/quiet-step.mjs).
 */
async function typecheckAndLint() {
  const quietly = { cwd: root, quiet: true };
  const typecheck = async () => {
    for (const [tool, args, label] of TYPECHECK_STEPS) {
      const code = await runStep(bin(tool), args, { ...quietly, label });
      if (code !== 0) return code;
    }
    return 0;
  };
  const lint = async () => {
    for (const [tool, args, label] of LINT_STEPS) {
      const code = await runStep(bin(tool), args, { ...quietly, label });
      if (code !== 0) return code;
    }
    return 0;
  };
  const [typecheckCode, lintCode] = await Promise.all([typecheck(), lint()]);
  if (typecheckCode !== 0 || lintCode !== 0) {
    say(`${typecheckCode !== 0 ? "Type-checking" : "Linting"} failed.`);
    process.exit(typecheckCode || lintCode);
  }
}

/** @satisfies {Record<string, (args: string[]) => Promise<void>>} */
const tasks = {
  async build() {
    await build();
  },
  async start() {
    await ensureBuild();
    process.exit(await run(process.execPath, [...SERVER_NODE_FLAGS, "server/main.ts"], { env: { NODE_ENV: "production" } }));
  },
  async dev() {
    // Vite resolves react-router with the "development" condition; Node must load the same copy.
    process.exit(await run(process.execPath, ["--conditions=development", "server/main.ts"], { env: { NODE_ENV: "development" } }));
  },
  async typecheck() {
    for (const [tool, args, label] of TYPECHECK_STEPS) await step(bin(tool), args, { label });
  },
  async lint() {
    for (const [tool, args, label] of LINT_STEPS) await step(bin(tool), args, { label });
  },
  async format() {
    await step(bin("prettier"), ["--write", "--log-level=warn", "."], { label: "Formatting (Prettier)..." });
  },
  async unit(args) {
    // Plain functions and components: no build, no database (vitest.config.ts, project "unit").
    await step(bin("vitest"), ["run", "--project", "unit", ...args], { label: "Unit tests (Vitest)...", env: { NODE_ENV: "test" } });
  },
  async integration(args) {
    // Real PostgreSQL; the tests that start the app run the production server bundle.
    ensurePostgresTools();
    ensureDovecot();
    ensureNginx();
    await ensureBuild();
    const env = { NODE_ENV: "test" };
    if (args.length > 0) {
      await step(bin("vitest"), ["run", "--project", "integration", ...args], { label: "Vitest...", env });
      return;
    }
    // Four files at a time on two cores: much of their time is waiting (servers and databases
    // starting, mail servers that answer late, the two-factor clock), so more files than cores
    // finish sooner (391 s with two, 298 s with four, on a two-core machine).
    await step(bin("vitest"), ["run", "--project", "integration", "--maxWorkers=4", "--exclude", CHAOS_TESTS], {
      label: "Integration tests (Vitest)...",
      env,
    });
    // The chaos tests measure recovery times and memory of a server under load: one file at a
    // time, so that what they measure is the server, not another test file competing for the cores.
    await step(bin("vitest"), ["run", "--project", "integration", "--maxWorkers=1", "tests/integration/chaos-"], {
      label: "Chaos tests, one file at a time (Vitest)...",
      env,
    });
  },
  async e2e(args) {
    const chromium = findChromium();
    ensureJava();
    ensureDovecot();
    await ensureBuild();
    await step(bin("playwright"), ["test", ...args], {
      label: `Browser tests (Playwright, ${chromium})...`,
      env: { CHROMIUM_PATH: chromium },
    });
  },
  async test() {
    const started = Date.now();
    await typecheckAndLint();
    await tasks.unit([]);
    await tasks.integration([]);
    await tasks.e2e([]);
    say(`All checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
  },
  async fonts(args) {
    await step(process.execPath, ["scripts/build-fonts.mjs", ...args], { label: "Subsetting fonts..." });
  },
  async images(args) {
    await step(process.execPath, ["scripts/build-images.mjs", ...args], { label: "Optimising images..." });
  },
  async lighthouse(args) {
    const chromium = findChromium();
    ensureJava();
    await ensureBuild();
    await step(process.execPath, ["scripts/lighthouse.mjs", ...args], { label: "Lighthouse...", env: { CHROMIUM_PATH: chromium } });
  },
  async screenshots(args) {
    const chromium = findChromium();
    await ensureBuild();
    await step(process.execPath, ["scripts/screenshots.mjs", ...args], { label: "Screenshots...", env: { CHROMIUM_PATH: chromium } });
  },
  async "db:generate"(args) {
    await step(bin("drizzle-kit"), ["generate", ...args], { label: "Generating a migration from the schema..." });
  },
  async bench(args) {
    await ensureBuild();
    await step(process.execPath, ["bench/pages.mjs", ...args], { label: "Benchmarks (docs/performance.md)..." });
  },
  async "bench:news"() {
    await step(bin("tsx"), ["bench/news.ts"], { label: "News refresh benchmark...", env: { LOG_LEVEL: "error" } });
  },
  async "newsletter:send"(args) {
    // The server's heap settings: the send is the server's work, whichever process does it.
    process.exit(await run(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "scripts/newsletter-send.ts", ...args]));
  },
  async "newsletter:subscriber"(args) {
    process.exit(await run(bin("tsx"), ["scripts/newsletter-subscriber.ts", ...args]));
  },
  async "inbox:person"(args) {
    process.exit(await run(bin("tsx"), ["scripts/inbox-person.ts", ...args]));
  },
  async "content:export"(args) {
    process.exit(await run(bin("tsx"), ["scripts/content-transfer.ts", "export", ...args]));
  },
  async "content:import"(args) {
    process.exit(await run(bin("tsx"), ["scripts/content-transfer.ts", "import", ...args]));
  },
  async "bench:newsletter"(args) {
    // It runs the production server: build it first if the sources changed.
    await ensureBuild();
    process.exit(await run(bin("tsx"), ["bench/newsletter.ts", ...args]));
  },
  async "bench:analytics"(args) {
    // It runs the production server: build it first if the sources changed.
    await ensureBuild();
    process.exit(await run(process.execPath, ["bench/analytics.mjs", ...args]));
  },
  async "bench:chaos"(args) {
    // It runs the production server: build it first if the sources changed.
    await ensureBuild();
    process.exit(await run(bin("tsx"), ["bench/chaos.ts", ...args]));
  },
  async "bench:inbox"(args) {
    // It runs the production server: build it first if the sources changed.
    await ensureBuild();
    process.exit(await run(bin("tsx"), ["bench/inbox.ts", ...args]));
  },
  async "bench:content"(args) {
    // It runs the production server: build it first if the sources changed.
    await ensureBuild();
    process.exit(await run(bin("tsx"), ["bench/content.ts", ...args]));
  },
  async "bench:booking"(args) {
    // In one process (no server, no build): the route action is called directly.
    process.exit(await run(bin("tsx"), ["bench/booking.ts", ...args], { env: { LOG_LEVEL: "error" } }));
  },
  async "db:migrate"() {
    await step(bin("tsx"), ["scripts/migrate.ts"], { label: "Applying migrations..." });
  },
  async "bench:ai"(args) {
    await step(process.execPath, ["bench/ai-stream.ts", ...args], { label: "AI streaming benchmark..." });
  },
  async "backup:check"(args) {
    process.exit(await run(bin("tsx"), ["scripts/backup-check.ts", ...args]));
  },
  async "admin:create"(args) {
    process.exit(await run(bin("tsx"), ["scripts/admin-create.ts", ...args]));
  },
};

const [name = "", ...args] = process.argv.slice(2);
/** @type {Partial<Record<string, (args: string[]) => Promise<void>>>} */
const byName = tasks;
const task = byName[name];
if (!task) {
  say(`Unknown task "${name}". Known: ${Object.keys(tasks).join(", ")}`);
  process.exit(2);
}
ensureInstalled();
await task(args);
