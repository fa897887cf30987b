/**
 * `npm run screenshots`: full-page screenshots of every public and admin page at 390 px (a phone)
 * and 1440 px (a laptop), for reviewing a change to the look before it lands.
 *
 * Starts the production build on a throw-away embedded database (SCREENSHOTS_PORT, default 4398),
 * stores news stories and a few leads, submissions and subscribers so pages show what visitors and
 * admins see on a running site, creates an admin with the real CLI and signs in through the real
 * sign-in page. The public pages are the sitemap's, plus a story page and the 404 page.
 *
 * Blocks that skip rendering while off-screen (`lazy-render`) are switched to exact layout and
 * the page is scrolled to its end once, so lazy images have loaded and the picture is complete.
 *
 *   npm run screenshots                         every page, both widths, into screenshots/
 *   npm run screenshots -- --only /about,/admin/leads
 *   npm run screenshots -- --out /tmp/shots --widths 390
 *
 * The output folder is not committed (.gitignore).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { chromium } from "@playwright/test";
import * as OTPAuth from "otpauth";
import pg from "pg";
import { root, say, seedStories, startServer } from "./bench/support.mjs";

const { values: options } = parseArgs({
  options: {
    out: { type: "string", default: path.join(root, "screenshots") },
    widths: { type: "string", default: "390,1440" },
    only: { type: "string" },
  },
});
const widths = options.widths.split(",").map(Number).filter((width) => width > 0);
const only = options.only ? new Set(options.only.split(",").map((item) => item.trim())) : null;
const port = Number(process.env.SCREENSHOTS_PORT ?? 4398);
const ADMIN = { email: "screens@nordlys.test", password: "screenshots-admin-pass-1", totp: null };

const NOT_FOUND_PATH = "/this-page-does-not-exist";

/** A file name for a page path: "/" → home, "/projects/lawsecai" → projects-lawsecai, a story → ai-news-story. */
function fileNameOf(pagePath) {
  if (pagePath === NOT_FOUND_PATH) return "not-found";
  if (/^\/ai-news\/[^/]+$/.test(pagePath) && !pagePath.endsWith(".xml")) return "ai-news-story";
  const name = pagePath.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-").replace(/-+$/, "");
  return name || "home";
}

async function withDatabase(dataDir, work) {
  const info = JSON.parse(fs.readFileSync(path.join(dataDir, "embedded-db.json"), "utf8"));
  const client = new pg.Client({
    connectionString: `postgres://${encodeURIComponent(info.user)}:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/${info.database}`,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A few rows for the admin lists, so they are seen with content rather than empty. */
async function seedAdminData(dataDir) {
  await withDatabase(dataDir, async (client) => {
    const conversation = JSON.stringify({
      messages: [
        { role: "user", content: "We run 14 clinics and want an assistant that books appointments. Where would you start?" },
        { role: "assistant", content: "A **two-week discovery** first: see [our services](/services) for how it works." },
      ],
    });
    await client.query(
      `insert into leads (name, email, company, message, conversation_context) values
         ('Ingrid Solberg', 'ingrid@fjordhelse.example', 'Fjord Helse', 'Booking assistant for our clinics', $1),
         (null, 'anon@example.com', null, null, '{"messages":[]}')`,
      [conversation],
    );
    await client.query(
      `insert into submissions (source, name, email, fields, disclaimer_accepted) values
         ('apply', 'Tomas Berg', 'tomas@example.com', '{"idea":"A tutor for dyslexic pupils that reads aloud and adapts pace.","why":"Schools in Norway lack specialist staff."}', true),
         ('contact', 'Amara Okafor', 'amara@example.com', '{"message":"We need an internal search over 20 years of contracts."}', true),
         ('mentoring', 'Li Wei', 'li@example.com', '{"message":"I want to learn to ship RAG apps to production."}', true)`,
    );
    await client.query(
      `insert into newsletter_subscriptions (email, confirmed, confirmed_at) values
         ('reader1@example.com', true, now()), ('reader2@example.com', true, now()), ('pending@example.com', false, null)`,
    );
  });
}

async function createAdmin(dataDir) {
  await promisify(execFile)(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin-create.ts", "--email", ADMIN.email, "--password", ADMIN.password],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, timeout: 60_000 },
  );
}

/** Public pages: the sitemap's, a story page and the 404 page. */
async function publicPages(baseUrl) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const rss = await (await fetch(`${baseUrl}/ai-news/rss.xml`)).text();
  const story = /<link>([^<]*\/ai-news\/[^<]+)<\/link>/.exec(rss)?.[1];
  if (story) pages.push(new URL(story).pathname);
  pages.push(NOT_FOUND_PATH);
  return pages;
}

const adminPages = ["/admin/login", "/admin/leads", "/admin/submissions", "/admin/subscribers", "/admin/newsletter", "/admin/outbox", "/admin/feeds", "/admin/account"];

/**
 * Signs in through the real pages. The first sign-in of an admin sets up two-factor
 * (docs/admin.md): the set-up page is captured on the way, then the key it shows is read as an
 * authenticator app would and the first code entered. Later widths sign in with a fresh code.
 */
async function signIn(page, baseUrl, folder, files) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await Promise.all([page.waitForURL((url) => url.search.includes("step=code") || !url.pathname.startsWith("/admin/login")), page.getByRole("button", { name: "Sign in" }).click()]);
  if (page.url().includes("/admin/two-factor-setup")) {
    await settle(page);
    files.push(path.join(folder, "admin-two-factor-setup.png"));
    await page.screenshot({ path: files.at(-1), fullPage: true });
    await page.getByLabel("Your password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent({ timeout: 30_000 })) ?? "";
    ADMIN.totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), digits: 6, period: 30 });
    await page.getByLabel("3. Enter the 6-digit code the app shows").fill(await freshCode());
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await page.getByText("Two-factor authentication is on").waitFor({ timeout: 30_000 });
  } else {
    await page.getByLabel("Authentication code").fill(await freshCode());
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/admin/login")), page.getByRole("button", { name: "Verify" }).click()]);
  }
}

/** A TOTP code for a time step not used before (the server accepts each step once). */
let lastStep = -1;
async function freshCode() {
  for (;;) {
    const current = ADMIN.totp.counter();
    const step = Math.max(current, lastStep + 1);
    if (step <= current + 1) {
      lastStep = step;
      return ADMIN.totp.generate({ timestamp: step * 30_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - Date.now() + 50));
  }
}

/** Loads a page completely: exact layout, every lazy image scrolled into view, then back to the top. */
/* global document, window, requestAnimationFrame -- page.evaluate runs in the browser */
async function settle(page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    document.documentElement.setAttribute("data-exact-layout", "");
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await page.waitForLoadState("networkidle");
}

async function shoot(context, baseUrl, pagePath, folder) {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}${pagePath}`);
    await settle(page);
    const file = path.join(folder, `${fileNameOf(pagePath)}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } finally {
    await page.close();
  }
}

const server = await startServer({ port });
const files = [];
let browser;
try {
  await seedStories(server.dataDir, 20);
  await seedAdminData(server.dataDir);
  await createAdmin(server.dataDir);
  const pages = (await publicPages(server.baseUrl)).filter((item) => !only || only.has(item));
  const admin = adminPages.filter((item) => !only || only.has(item));

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  for (const width of widths) {
    const folder = path.join(options.out, String(width));
    fs.mkdirSync(folder, { recursive: true });
    const viewport = { width, height: width < 700 ? 844 : 900 };
    const visitor = await browser.newContext({ viewport, reducedMotion: "reduce" });
    for (const pagePath of pages) files.push(await shoot(visitor, server.baseUrl, pagePath, folder));
    await visitor.close();

    if (admin.length) {
      const adminContext = await browser.newContext({ viewport, reducedMotion: "reduce" });
      if (admin.includes("/admin/login")) files.push(await shoot(adminContext, server.baseUrl, "/admin/login", folder));
      const signedIn = await adminContext.newPage();
      await signIn(signedIn, server.baseUrl, folder, files);
      await signedIn.close();
      for (const pagePath of admin.filter((item) => item !== "/admin/login")) files.push(await shoot(adminContext, server.baseUrl, pagePath, folder));
      await adminContext.close();
    }
    say(`${width} px: ${pages.length + admin.length} pages in ${folder}`);
  }
} finally {
  await browser?.close();
  await server.stop();
}
say(`${files.length} screenshots written under ${options.out}`);
