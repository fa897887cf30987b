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
import { root, say, seedStories, startServer, withDatabase } from "../bench/support.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/support/chromium.ts";

const { values: options } = parseArgs({
  options: {
    out: { type: "string", default: path.join(root, "screenshots") },
    widths: { type: "string", default: "390,1440" },
    only: { type: "string" },
  },
});
const widths = options.widths
  .split(",")
  .map(Number)
  .filter((width) => width > 0);
const only = options.only ? new Set(options.only.split(",").map((item) => item.trim())) : null;
const port = Number(process.env.SCREENSHOTS_PORT ?? 4398);
/** @type {{ email: string, password: string, totp: OTPAuth.TOTP | null, enrolmentLink: string | null }} */
const ADMIN = { email: "screens@nordlys.test", password: "screenshots-admin-pass-1", totp: null, enrolmentLink: null };

const NOT_FOUND_PATH = "/this-page-does-not-exist";

/** A file name for a page path: "/" → home, "/projects/lawsecai" → projects-lawsecai, a story → ai-news-story. */
/** @param {string} pagePath */
function fileNameOf(pagePath) {
  if (pagePath === NOT_FOUND_PATH) return "not-found";
  if (/^\/ai-news\/[^/]+$/.test(pagePath) && !pagePath.endsWith(".xml")) return "ai-news-story";
  const name = pagePath
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/-+$/, "");
  return name || "home";
}

/** A few rows for the admin lists, so they are seen with content rather than empty. */
/** @param {string} dataDir */
async function seedAdminData(dataDir) {
  await withDatabase(dataDir, async (client) => {
    // Feeds of an earlier configuration (the server here reads none): /admin/feeds lists them
    // under "No longer configured".
    await client.query(`
      insert into news_feeds (url, title, last_fetched_at, last_success_at, consecutive_failures, last_error) values
        ('https://research.example/feed.xml', 'Research Weekly', now() - interval '2 days', now() - interval '2 days', 0, null),
        ('https://lab.example/rss.xml', 'Frontier Lab', now() - interval '3 days', now() - interval '9 days', 3, 'connect ECONNREFUSED')
      on conflict (url) do nothing`);
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

/**
 * Numbers for the dashboard (/admin) over the last 90 days: daily aggregates as the rollup
 * would store them, conversions with their sources, newsletter issues with deliveries, AI
 * usage and leads spread over the weeks. Synthetic, but shaped like a small studio's site.
 */
/** @param {string} dataDir */
async function seedDashboardData(dataDir) {
  await withDatabase(dataDir, async (client) => {
    await client.query(`
      with days as (select d::date as day, extract(doy from d)::int as n from generate_series(current_date - 89, current_date - 1, interval '1 day') d),
      totals as (select day, n, (120 + 60 * sin(n / 6.0) + (n % 7) * 9 + (90 - (current_date - day)) * 1.4)::int as visitors from days)
      insert into analytics_daily (day, dimension, value, views, visitors)
      select day, 'total', '', (visitors * 2.6)::int, visitors from totals
      union all select day, 'page', p.path, (visitors * p.share * 2.6)::int, (visitors * p.share)::int from totals,
        (values ('/', 0.42), ('/services', 0.18), ('/try-ai', 0.16), ('/projects', 0.11), ('/ai-news', 0.09), ('/contact', 0.06), ('/apply', 0.04), ('/projects/lawsecai', 0.03)) p(path, share)
      union all select day, 'source', s.name, 0, (visitors * s.share)::int from totals,
        (values ('', 0.38), ('google.com', 0.27), ('linkedin', 0.14), ('newsletter', 0.08), ('news.ycombinator.com', 0.07), ('bing.com', 0.04)) s(name, share)
      union all select day, 'referrer', r.name, 0, (visitors * r.share)::int from totals,
        (values ('google.com', 0.27), ('linkedin.com', 0.12), ('news.ycombinator.com', 0.07), ('bing.com', 0.04), ('github.com', 0.02)) r(name, share)
      union all select day, 'campaign', c.name, 0, (visitors * c.share)::int from totals,
        (values ('autumn-launch', 0.1), ('ai-news-daily', 0.08), ('mentoring-2026', 0.04)) c(name, share)
      union all select day, 'device', d.name, 0, (visitors * d.share)::int from totals,
        (values ('mobile', 0.58), ('desktop', 0.36), ('tablet', 0.06)) d(name, share)
      union all select day, 'consented', '', (visitors * 0.4 * 2.6)::int, (visitors * 0.4)::int from totals
      union all select day, 'returning', '', (visitors * 0.12 * 2.6)::int, (visitors * 0.12)::int from totals`);
    // Today and yesterday come from the raw page views (the rollup may not have run yet).
    await client.query(`
      insert into analytics_events (occurred_at, day, path, referrer_host, utm_source, utm_campaign, device, visitor_key)
      select d + (v * 7 % 1400 || ' minutes')::interval + (p || ' minutes')::interval, d::date,
        (array['/', '/services', '/try-ai', '/projects', '/contact', '/ai-news'])[1 + (v + p) % 6],
        case when p = 0 then (array[null, 'google.com', 'linkedin.com', null, 'news.ycombinator.com'])[1 + v % 5] end,
        case when p = 0 and v % 6 = 0 then 'linkedin' end,
        case when p = 0 and v % 9 = 0 then 'autumn-launch' end,
        (array['mobile', 'desktop', 'mobile', 'tablet', 'desktop'])[1 + v % 5],
        md5(d::text || v)
      from generate_series(current_date - 1, current_date, interval '1 day') d, generate_series(1, 170) v, generate_series(0, 2) p
      where p <= v % 3`);
    await client.query(`
      insert into analytics_conversions (kind, entity_id, day, entry_path, referrer_host, utm_source, utm_campaign, attributed_by)
      select (array['lead','contact','apply','mentoring','subscriber','ai-tool','ai-tool','ai-tool'])[1 + n % 8], 'demo-' || n,
        current_date - (n % 89),
        (array['/', '/services', '/try-ai', '/contact'])[1 + n % 4],
        (array[null, 'google.com', 'linkedin.com', 'news.ycombinator.com'])[1 + n % 4],
        (array[null, null, 'linkedin', null, 'newsletter'])[1 + n % 5],
        (array[null, 'autumn-launch', null, 'ai-news-daily'])[1 + n % 4],
        'visitor-key'
      from generate_series(1, 260) n`);
    await client.query(`
      insert into ai_daily_usage (day, requests)
      select d::date, (300 + 250 * sin(extract(doy from d) / 4.0) + (extract(doy from d)::int % 5) * 60)::int
      from generate_series(current_date - 89, current_date, interval '1 day') d`);
    await client.query(`
      insert into leads (name, email, created_at, conversation_context)
      select 'Lead ' || n, 'lead' || n || '@example.com', now() - (n * 37 % 88 || ' days')::interval, '{"messages":[]}'
      from generate_series(1, 46) n`);
    await client.query(`
      insert into newsletter_subscriptions (email, confirmed, confirmed_at, created_at)
      select 'subscriber' || n || '@example.com', true, now() - ((89 - n * 89 / 140) || ' days')::interval, now() - ((89 - n * 89 / 140) || ' days')::interval
      from generate_series(1, 140) n`);
    const issues = await client.query(`
      insert into newsletter_issues (issue_date, status, subject, html, text, stories, created_at, completed_at)
      select d::date, 'sent', 'AI news for ' || to_char(d, 'DD Mon'), '<p>Issue</p>', 'Issue', '[]'::jsonb, d + interval '8 hours', d + interval '8 hours 2 minutes'
      from generate_series(current_date - 13, current_date - 1, interval '1 day') d returning id, issue_date`);
    // Today's issue half-way through its send, for the live progress on /admin/newsletter.
    const today = await client.query(`
      insert into newsletter_issues (issue_date, status, subject, html, text, stories, created_at)
      values (current_date, 'sending', 'AI news for today', '<p>Issue</p>', 'Issue', '[]'::jsonb, now() - interval '40 seconds') returning id`);
    await client.query(
      `insert into newsletter_deliveries (issue_id, subscription_id, status, sent_at, last_attempt_at)
       select $1, id, case when n <= 96 then 'sent' else 'pending' end,
         case when n <= 96 then now() - ((96 - n) * 0.3 || ' seconds')::interval end,
         case when n <= 96 then now() - ((96 - n) * 0.3 || ' seconds')::interval end
       from (select id, row_number() over (order by id) as n from newsletter_subscriptions where confirmed) s`,
      [today.rows[0].id],
    );
    for (const [index, issue] of issues.rows.entries()) {
      await client.query(
        `insert into newsletter_deliveries (issue_id, subscription_id, status, sent_at)
         select $1, id, case when row_number() over (order by id) % 47 = 0 then 'bounced' when row_number() over (order by id) % 71 = 0 then 'failed' else 'sent' end,
           $2::date + interval '8 hours 1 minute'
         from newsletter_subscriptions where confirmed and confirmed_at < $2::date + interval '8 hours' limit $3`,
        [issue.id, issue.issue_date, 60 + index * 6],
      );
    }
  });
}

/**
 * The admin as a mentor with weekly hours (docs/mentoring.md), so /mentoring shows its free times,
 * and a few sessions this week (Tuesday to Friday) for the agenda: confirmed ones, a scholarship
 * request and a held one.
 */
/** @param {string} dataDir */
async function seedMentoring(dataDir) {
  await withDatabase(dataDir, async (client) => {
    const weekly = JSON.stringify(
      [1, 2, 3, 4, 5].flatMap((day) => [
        { day, start: "09:00", end: "12:00" },
        { day, start: "13:00", end: "17:00" },
      ]),
    );
    const { rows } = await client.query(
      `insert into mentoring_mentors (user_id, profile_name, weekly, session_minutes)
       select id, 'Maya Okafor-Lund', $1::jsonb, '[30, 60]'::jsonb from users where email = $2 returning user_id`,
      [weekly, ADMIN.email],
    );
    const mentorId = rows[0].user_id;
    const sessions = [
      ["confirmed", 1, 10, "Ingrid Berg", "Build a RAG prototype over our municipal archive.", null],
      ["confirmed", 2, 14, "Tomas Lie", "Learn evaluation for LLM features before our launch.", null],
      ["pending", 3, 9, "Amaka Eze", "Thesis on speech recognition for Igbo.", "Master's student at NTNU, no funding for courses."],
      ["held", 4, 11, "Jon Doe", "asdf", null],
    ];
    for (const [status, days, hour, name, goals, scholarship] of sessions) {
      await client.query(
        `insert into mentoring_bookings (mentor_id, starts_at, ends_at, occupied_until, status, name, email, time_zone, goals, disclaimer_accepted,
           scholarship_reason, video_url, uid, hold_reason)
         select $1, s, s + interval '60 minutes', s + interval '75 minutes', $2, $3, $4, 'Europe/Oslo', $5, true, $6,
           'https://meet.jit.si/Nordlys-' || md5($3), 'booking-' || md5($3) || '@nordlys.test', case when $2 = 'held' then 'honeypot' end
         from (select (date_trunc('week', now() at time zone 'Europe/Oslo') + make_interval(days => $7::int, hours => $8::int)) at time zone 'Europe/Oslo' as s) t`,
        [mentorId, status, name, `${String(name).split(" ")[0]?.toLowerCase()}@example.com`, goals, scholarship, days, hour],
      );
    }
  });
}

/** Through the real CLI; keeps the one-time enrolment link it prints (docs/admin.md). */
/** @param {string} dataDir */
async function createAdmin(dataDir) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin-create.ts", "--email", ADMIN.email, "--password", ADMIN.password],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, timeout: 60_000 },
  );
  ADMIN.enrolmentLink = /https?:\/\/\S+\/admin\/enrol\?token=\S+/.exec(stdout)?.[0] ?? null;
}

/** Public pages: the sitemap's, a story page and the 404 page. */
/** @param {string} baseUrl */
async function publicPages(baseUrl) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/", baseUrl).pathname);
  const rss = await (await fetch(`${baseUrl}/ai-news/rss.xml`)).text();
  const story = /<link>([^<]*\/ai-news\/[^<]+)<\/link>/.exec(rss)?.[1];
  if (story) pages.push(new URL(story).pathname);
  pages.push(NOT_FOUND_PATH);
  return pages;
}

const adminPages = [
  "/admin/login",
  "/admin",
  "/admin/leads",
  "/admin/submissions",
  "/admin/subscribers",
  "/admin/newsletter",
  "/admin/newsletter?step=preview",
  "/admin/outbox",
  "/admin/feeds",
  "/admin/mentoring",
  "/admin/mentoring/availability",
  "/admin/account",
];

/**
 * Signs in through the real pages. The first sign-in of an admin sets up two-factor
 * (docs/admin.md): the set-up page is captured on the way, then the key it shows is read as an
 * authenticator app would and the first code entered. Later widths sign in with a fresh code.
 */
/**
 * @param {import("@playwright/test").Page} page
 * @param {string} baseUrl
 * @param {string} folder
 * @param {string[]} files
 */
async function signIn(page, baseUrl, folder, files) {
  if (ADMIN.enrolmentLink && !ADMIN.totp) {
    // Before the first sign-in, the new admin opens the link admin:create printed.
    const link = new URL(ADMIN.enrolmentLink);
    await page.goto(`${baseUrl}${link.pathname}${link.search}`);
  }
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await Promise.all([
    page.waitForURL((url) => url.search.includes("step=code") || !url.pathname.startsWith("/admin/login")),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
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
    await Promise.all([
      page.waitForURL((url) => !url.pathname.startsWith("/admin/login")),
      page.getByRole("button", { name: "Verify" }).click(),
    ]);
  }
}

/** A TOTP code for a time step not used before (the server accepts each step once). */
let lastStep = -1;
async function freshCode() {
  const totp = ADMIN.totp;
  if (!totp) throw new Error("Two-factor is not set up yet.");
  for (;;) {
    const current = totp.counter();
    const step = Math.max(current, lastStep + 1);
    if (step <= current + 1) {
      lastStep = step;
      return totp.generate({ timestamp: step * 30_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - Date.now() + 50));
  }
}

/** Loads a page completely: exact layout, every lazy image scrolled into view, then back to the top. */
/* global document, window, requestAnimationFrame -- page.evaluate runs in the browser */
/** @param {import("@playwright/test").Page} page */
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

/**
 * @param {import("@playwright/test").BrowserContext} context
 * @param {string} baseUrl
 * @param {string} pagePath
 * @param {string} folder
 */
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

// The seeded half-sent issue stays half-sent: no watchdog resumes it while the pictures are taken.
const server = await startServer({ port, env: { NEWSLETTER_RESUME_CHECK_SECONDS: "3600" } });
const files = [];
let browser;
try {
  await seedStories(server.dataDir, 20);
  await seedAdminData(server.dataDir);
  await seedDashboardData(server.dataDir);
  await createAdmin(server.dataDir);
  await seedMentoring(server.dataDir);
  const pages = (await publicPages(server.baseUrl)).filter((item) => !only || only.has(item));
  const admin = adminPages.filter((item) => !only || only.has(item));

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
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
      for (const pagePath of admin.filter((item) => item !== "/admin/login"))
        files.push(await shoot(adminContext, server.baseUrl, pagePath, folder));
      await adminContext.close();
    }
    say(`${width} px: ${pages.length + admin.length} pages in ${folder}`);
  }
} finally {
  await browser?.close();
  await server.stop();
}
say(`${files.length} screenshots written under ${options.out}`);
