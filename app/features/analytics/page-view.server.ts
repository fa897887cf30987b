import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { DeviceClass } from "~/.server/db/tables";
import { fixedPages, PROJECT_PATH } from "~/content/public-pages";

/**
 * What the beacon (page-view-beacon.ts) sends, checked and reduced to what is stored
 * (docs/analytics.md, "What is counted"). Everything here is a pure function of the request.
 */

/** The beacon's body, at most this many bytes. */
export const MAX_BEACON_BYTES = 4096;
const MAX_PATH = 300;
const MAX_UTM = 100;
const MAX_HOST = 120;

const beaconSchema = z.object({
  p: z.string().min(1).max(2048),
  q: z.string().max(2048).optional(),
  r: z.string().max(2048).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
  a: z.literal(1).optional(),
});

export type PageView = {
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: DeviceClass;
};

export type ParsedBeacon = { ok: true; view: PageView; automated: boolean } | { ok: false; error: string };

/**
 * Paths that are never counted: the admin area, the API and the beacon itself, in any letter
 * case and with percent-encoded letters (`/Admin/leads`, `/ADMIN`, `/%61dmin`): the router
 * matches paths regardless of case and decoded, so each of them is the admin area too.
 */
export function isUncountedPath(path: string): boolean {
  return /^\/(admin|api|a)(\/|$)/i.test(decodedPath(path));
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The path stored for a page view whose path is no page of the site (a 404, a probe, junk). */
export const NOT_FOUND_PATH = "(not found)";

/** The site's pages that a visitor can open and whose view is counted under its own path. */
const PAGE_PATHS: ReadonlySet<string> = new Set([
  ...fixedPages.map((page) => page.path),
  // Pages of the route table that are not indexed (personal links, the newsletter's steps).
  "/unsubscribe",
  "/newsletter/subscribe",
  "/newsletter/confirm",
  "/mentoring/booking",
]);

const STORY_PATH = /^\/ai-news\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a stored path names a news story page (whose id is checked against the stored stories). */
export function isStoryPath(path: string): boolean {
  return STORY_PATH.test(path);
}

/** Whether a stored path names a project page (whose slug is checked against the content's projects). */
export function isProjectPath(path: string): boolean {
  return path.length <= 100 && PROJECT_PATH.test(path);
}

/**
 * The path a counted page view is stored under (docs/analytics.md, "What is counted"): a page of
 * the route table as the route table writes it (the router ignores letter case, so `/About` is
 * `/about`): the fixed public pages, the newsletter and unsubscribe pages, and the pages with an id
 * in their address: `/ai-news/<story id>` and `/projects/<slug>` (whether the story or the project
 * exists is checked when the view is stored).
 * Anything else, which the site answers with its "not found" page, is one `(not found)`, so
 * made-up paths cannot grow the table's distinct values.
 */
export function countedPath(path: string): string {
  const lower = decodedPath(path).toLowerCase();
  if (PAGE_PATHS.has(lower) || STORY_PATH.test(lower) || isProjectPath(lower)) return lower;
  return NOT_FOUND_PATH;
}

/**
 * The beacon's JSON: `{p: path, q?: query, r?: referrer URL, w?: window width, a?: 1 when
 * navigator.webdriver}`. Anything else is refused. `siteHosts` are this site's own host names:
 * a referrer on one of them is an internal link, not a source.
 */
export function parseBeacon(body: string, { siteHosts, userAgent }: { siteHosts: string[]; userAgent: string }): ParsedBeacon {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: "The body is not JSON." };
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: "The body is not a page view." };
  const path = normalisePath(parsed.data.p);
  if (!path) return { ok: false, error: "The path is not valid." };
  const query = new URLSearchParams(parsed.data.q ?? "");
  return {
    ok: true,
    automated: parsed.data.a === 1,
    view: {
      path,
      referrerHost: referrerHost(parsed.data.r, siteHosts),
      utmSource: utmValue(query.get("utm_source")),
      utmMedium: utmValue(query.get("utm_medium")),
      utmCampaign: utmValue(query.get("utm_campaign")),
      device: deviceClass(parsed.data.w, userAgent),
    },
  };
}

/** The path as the browser's `location.pathname` has it: absolute, without a trailing slash, no dot segments. */
export function normalisePath(raw: string): string | null {
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  const url = URL.parse(raw, "http://site.invalid");
  if (!url || url.host !== "site.invalid" || url.search || url.hash) return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  if (path.length > MAX_PATH || hasControlOrSpace(path)) return null;
  return path || "/";
}

/** The referring page's host, without `www.`; null for none, a link within the site, or something that is not a web URL. */
export function referrerHost(raw: string | undefined, siteHosts: string[]): string | null {
  const url = raw ? URL.parse(raw) : null;
  if (!url || !/^(https?|android-app):$/.test(url.protocol) || !url.hostname) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (host.length > MAX_HOST) return null;
  return siteHosts.some((site) => site.replace(/^www\./, "") === host) ? null : host;
}

/** C0 controls and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;

function hasControlOrSpace(text: string): boolean {
  return /\s/.test(text) || text.search(CONTROLS) >= 0;
}

function utmValue(value: string | null): string | null {
  const cleaned = value?.replace(CONTROLS, "").trim();
  return cleaned ? cleaned.slice(0, MAX_UTM) : null;
}

/** By window width where the beacon sent it (as Plausible does), else by the user agent. */
export function deviceClass(width: number | undefined, userAgent: string): DeviceClass {
  if (width !== undefined && width > 0) return width < 576 ? "mobile" : width < 992 ? "tablet" : "desktop";
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|Android/i.test(userAgent)) return "mobile";
  return "desktop";
}

export type DropReason = "bot" | "automated" | "prefetch" | "uncounted-path";

/** isbot's verdict per user agent: a few thousand browsers make most of the traffic, and the check is one large regular expression. */
const botVerdicts = new LRUCache<string, boolean>({ max: 5000 });

function isBotAgent(agent: string): boolean {
  let verdict = botVerdicts.get(agent);
  if (verdict === undefined) {
    verdict = !agent.trim() || isbot(agent);
    botVerdicts.set(agent, verdict);
  }
  return verdict;
}

/**
 * Why a page view is not counted, or null when it is: a known bot or a headless browser (by the
 * user agent; isbot's list includes HeadlessChrome), a browser driven by automation
 * (navigator.webdriver), a prefetch or prerender that was never shown (Sec-Purpose / Purpose
 * headers), or a path that is not a public page. `countAutomated` (ANALYTICS_COUNT_AUTOMATED,
 * tests only) lets automated and headless Chromium through, never other bots.
 */
export function dropReason(input: {
  userAgent: string;
  automated: boolean;
  purpose: string | undefined;
  path: string;
  countAutomated: boolean;
}): DropReason | null {
  if (isUncountedPath(input.path)) return "uncounted-path";
  if (input.purpose && /prefetch|prerender|preview/i.test(input.purpose)) return "prefetch";
  const agent = input.countAutomated ? input.userAgent.replace(/HeadlessChrome/g, "Chrome") : input.userAgent;
  if (isBotAgent(agent)) return "bot";
  if (input.automated && !input.countAutomated) return "automated";
  return null;
}
