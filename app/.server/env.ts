import { z } from "zod";

/**
 * Every environment variable the app reads, validated once at boot.
 * Empty strings count as unset, so a copied `.env.example` works as it is.
 * The README's configuration table lists them with their defaults.
 */
const optionalString = z.string().trim().min(1).optional();

/** True for a time zone the runtime knows (IANA names such as Europe/Oslo, or UTC). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no"], {
    error: "must be one of 1, 0, true, false, yes, no",
  })
  .optional()
  .transform((value) => value === "1" || value === "true" || value === "yes");

/** A flag that is on unless set to 0, false or no. */
const booleanFlagOnByDefault = z
  .enum(["1", "0", "true", "false", "yes", "no"], {
    error: "must be one of 1, 0, true, false, yes, no",
  })
  .default("true")
  .transform((value) => value === "1" || value === "true" || value === "yes");

/** A limit and the message for a value beyond it. */
type Bound = readonly [limit: number, message: string];

/** A number setting, `fallback` when unset, with the message of each check: `whole` (when it must be a whole number), `min`, `max`. */
function numberSetting(fallback: number, checks: { whole?: string; min?: Bound; max?: Bound }) {
  let schema = z.coerce.number({ error: "must be a number" });
  if (checks.whole) schema = schema.int({ error: checks.whole });
  if (checks.min) schema = schema.min(checks.min[0], { error: checks.min[1] });
  if (checks.max) schema = schema.max(checks.max[0], { error: checks.max[1] });
  return schema.default(fallback);
}

const WHOLE = "must be a whole number";

/** Bounds with one message, "must be between 1 and 100" (`unit`: " days" after it). */
function between(min: number, max: number, unit = ""): { min: Bound; max: Bound } {
  const message = `must be between ${min} and ${max}${unit}`;
  return { min: [min, message], max: [max, message] };
}
const atLeast = (limit: number, unit = ""): Bound => [limit, `must be at least ${limit}${unit}`];
const atMost = (limit: number, unit = ""): Bound => [limit, `must be at most ${limit}${unit}`];

/** A whole number from `min` to `max` ("of seconds": its unit in the message), `fallback` when unset. */
const wholeNumber = (min: number, max: number, fallback: number, unit?: string) =>
  numberSetting(fallback, { whole: unit ? `${WHOLE} of ${unit}` : WHOLE, ...between(min, max) });

const urlWithProtocols = (protocols: string[]) =>
  z.url({ error: "must be a URL" }).refine((value) => protocols.includes(new URL(value).protocol), {
    error: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: wholeNumber(0, 65535, 3000),
    HOST: optionalString,
    PUBLIC_URL: urlWithProtocols(["http:", "https:"]).optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"]).optional(),
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000, 5_000).describe(
      "Web requests: PostgreSQL cancels a statement running longer; the client gives up 1 s later if the server does not answer at all",
    ),
    DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 600_000, 5_000).describe(
      "How long a request or job waits for a database connection (a free one from the pool, or a new one) before giving up",
    ),
    DATABASE_JOB_STATEMENT_TIMEOUT_MS: wholeNumber(100, 3_600_000, 60_000).describe(
      "Background jobs (their own pool): the statement limit, as DATABASE_STATEMENT_TIMEOUT_MS is for web requests",
    ),
    APP_SECRET: z.string().min(32, { error: "must be at least 32 characters (try: openssl rand -hex 32)" }).optional(),
    SMTP_URL: urlWithProtocols(["smtp:", "smtps:"]).optional(),
    MAIL_FROM: optionalString,
    MAIL_TO_STUDIO: z.email({ error: "must be an e-mail address" }).optional(),
    DKIM_DOMAIN: optionalString,
    DKIM_SELECTOR: optionalString,
    DKIM_PRIVATE_KEY: optionalString,
    INBOX_REPLY_TO: z
      .email({ error: "must be an e-mail address" })
      .optional()
      .describe("The studio's inbox that answers to replies from the site go to (Reply-To); defaults to MAIL_TO_STUDIO (docs/inbox.md)"),
    INBOX_PLUS_ADDRESSING: booleanFlag.describe(
      "The INBOX_REPLY_TO mailbox accepts plus addresses (studio+token@…): replies carry the thread's token in their Reply-To (docs/inbox.md)",
    ),
    IMAP_URL: urlWithProtocols(["imap:", "imaps:"])
      .optional()
      .describe("The studio's mailbox the inbox reads answers from (imaps://user:password@host:993/INBOX); unset: no mail is read"),
    IMAP_POLL_SECONDS: wholeNumber(5, 3600, 60, "seconds").describe(
      "How often the IMAP reader looks for new mail besides IDLE (and reconnects after a failure)",
    ),
    INBOX_MAX_MESSAGE_MB: numberSetting(25, between(1, 100)).describe(
      "A larger incoming mail is recorded with its headers only and a note",
    ),
    INBOX_MAX_ATTACHMENT_MB: numberSetting(10, between(0, 100)).describe(
      "A larger attachment of an incoming mail is listed without its content",
    ),
    AI_BASE_URL: urlWithProtocols(["http:", "https:"]).optional(),
    AI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    AI_DAILY_REQUEST_BUDGET: numberSetting(2000, { whole: WHOLE, min: atLeast(1) }).describe(
      "AI endpoint requests allowed per UTC day, over all visitors",
    ),
    AI_CLIENT_DAILY_SHARE_PERCENT: numberSetting(5, { whole: WHOLE, min: atLeast(1), max: atMost(100) }).describe(
      "The share of AI_DAILY_REQUEST_BUDGET one client address (IPv4, or IPv6 /56) may use per UTC day, in percent",
    ),
    AI_DAILY_TOKEN_BUDGET: numberSetting(2_000_000, { whole: WHOLE, min: atLeast(1) }).describe(
      "Tokens (input plus output, as the provider reports them) allowed per UTC day, over all AI answers",
    ),
    AI_TIMEOUT_MS: numberSetting(30_000, { whole: WHOLE, min: atLeast(100), max: atMost(600_000) }).describe(
      "How long one provider attempt may take (streaming: until the first token, and between tokens)",
    ),
    AI_STREAM_TIMEOUT_SECONDS: numberSetting(120, {
      whole: `${WHOLE} of seconds`,
      min: atLeast(1, " second"),
      max: atMost(3600, " seconds"),
    }).describe("The most one AI answer may take in all (every attempt, first token to last); then the provider connection is closed"),
    AI_MAX_ANSWER_CHARS: numberSetting(16_000, { whole: `${WHOLE} of characters`, min: atLeast(100), max: atMost(1_000_000) }).describe(
      "The most characters of one AI answer relayed to a visitor or stored; beyond it the provider connection is closed",
    ),
    NEWS_FEEDS: optionalString,
    NEWS_ALLOW_PRIVATE_HOSTS: booleanFlag,
    NEWS_RETENTION_DAYS: numberSetting(30, { whole: `${WHOLE} of days`, min: atLeast(1, " day"), max: atMost(3650, " days") }),
    NEWSLETTER_SEND_RATE: numberSetting(50, { min: [0, "must be 0 (no limit) or more"] }).describe(
      "Newsletter messages per second, per instance; 0 means no limit",
    ),
    NEWSLETTER_SEND_CONCURRENCY: wholeNumber(1, 32, 4).describe("Newsletter messages in flight at once, per instance"),
    NEWSLETTER_PAUSE_AFTER_FAILURES: numberSetting(20, { whole: WHOLE, min: [1, "must be 1 or more"] }).describe(
      "Consecutive SMTP failures after which a newsletter run pauses",
    ),
    NEWSLETTER_RESUME_CHECK_SECONDS: wholeNumber(1, 3600, 30, "seconds").describe(
      "How often each instance checks for today's newsletter issue left unfinished by a stopped sender, and resumes it",
    ),
    DIGEST_HOUR: numberSetting(7, { whole: "must be a whole hour", ...between(0, 23) }).describe(
      "The hour (in DIGEST_TIME_ZONE) at which each admin gets the morning digest of enquiries waiting for a reply",
    ),
    DIGEST_TIME_ZONE: z
      .string()
      .trim()
      .default("Europe/Oslo")
      .refine(isTimeZone, { error: "must be an IANA time zone such as Europe/Oslo or UTC" })
      .describe("The time zone of DIGEST_HOUR"),
    ANALYTICS_RETENTION_DAYS: numberSetting(90, { whole: `${WHOLE} of days`, ...between(1, 3650, " days") }).describe(
      "How long raw page-view events are kept before only the daily totals remain (docs/analytics.md)",
    ),
    ANALYTICS_BEACON_LIMIT_PER_MINUTE: numberSetting(60, {
      whole: WHOLE,
      min: [0, "must be 0 (no limit) or more"],
      max: atMost(1_000_000),
    }).describe(
      "Page-view beacons one client (an IPv4 address or an IPv6 /56) may send per minute to one instance; 0 turns the limit off (benchmarks)",
    ),
    ANALYTICS_MAX_VIEWS_PER_DAY: wholeNumber(1, 100_000_000, 200_000).describe(
      "Raw page views stored per UTC day over all visitors; more are counted in /metrics only (docs/analytics.md)",
    ),
    ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY: wholeNumber(1, 1_000_000, 500).describe(
      "Raw page views stored per visitor key and UTC day; more are counted in /metrics only",
    ),
    ANALYTICS_MAX_PATHS_PER_DAY: wholeNumber(1, 100_000, 500).describe(
      "Distinct page paths stored per UTC day; further pages are stored as (other)",
    ),
    ANALYTICS_MAX_REFERRERS_PER_DAY: wholeNumber(1, 100_000, 200).describe(
      "Distinct referrer hosts stored per UTC day; further ones are stored as (other)",
    ),
    ANALYTICS_MAX_CAMPAIGNS_PER_DAY: wholeNumber(1, 100_000, 200).describe(
      "Distinct values of each campaign tag (utm_source, utm_medium, utm_campaign) stored per UTC day; further ones are stored as (other)",
    ),
    EMBEDDED_DB_RESTART_ATTEMPTS: wholeNumber(1, 20, 6).describe(
      "Embedded database: tries to start PostgreSQL again after it died (0.5 s, 1 s, 2 s ... at most 15 s apart) before the app exits with code 1 (docs/decisions/0171)",
    ),
    DISK_LOW_MB: wholeNumber(0, 1_048_576, 256, "megabytes").describe(
      "Embedded database: under this much free space (MB) on DATA_DIR or the cluster's volume, page views and news refreshes are not stored (docs/decisions/0171); 0 turns it off",
    ),
    DISK_RESERVE_MB: wholeNumber(0, 4096, 64, "megabytes").describe(
      "Embedded database: a reserve file of this size (MB) the app deletes so that PostgreSQL can start on a full disk (docs/decisions/0171); 0: none",
    ),
    DISK_CHECK_SECONDS: wholeNumber(1, 300, 5, "seconds").describe("Embedded database: how often free disk space is measured"),
    FORM_MIN_FILL_MS: wholeNumber(0, 60_000, 3_000, "milliseconds").describe(
      "A form or chat lead sent back sooner than this after it was shown (ms) is stored and held for review as too fast (docs/decisions/0100); the tests lower it",
    ),
    ANALYTICS_COUNT_AUTOMATED: booleanFlag.describe(
      "Tests only: count page views from browsers driven by automation (navigator.webdriver, HeadlessChrome), which the browser tests use",
    ),
    TRUST_PROXY: z
      .string()
      .trim()
      .min(1)
      .default("loopback")
      .describe("Express trust proxy setting: hops count, or a list of trusted addresses"),
    JOB_SCHEDULES: booleanFlagOnByDefault.describe(
      "Whether this instance files the scheduled runs (news every 30 minutes, the 08:00 newsletter, daily prunes); false in tests, so no test meets a cron slot",
    ),
    ADMIN_REQUIRE_TWO_FACTOR: booleanFlagOnByDefault.describe(
      "Every admin sets up TOTP at first sign-in before seeing any data; false only for local development",
    ),
    PAGE_CACHE_MAX_MB: numberSetting(64, { whole: `${WHOLE} of MB`, ...between(16, 4096, " MB") }).describe(
      "Memory for the shared page cache (all encodings): a quarter kept for the fixed public pages, the rest for news stories (docs/decisions/0174)",
    ),
    METRICS_TOKEN: z
      .string()
      .min(16, { error: "must be at least 16 characters" })
      .optional()
      .describe("Bearer token that unlocks /metrics; unset keeps /metrics off"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** json: JSON lines; text: a readable summary for a person (app/.server/log-format.ts). Unset: text at a terminal. */
    LOG_FORMAT: z.enum(["json", "text"]).optional(),
  })
  .superRefine((env, ctx) => {
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY];
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_DOMAIN"],
        message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together",
      });
    }
    if (env.AI_BASE_URL && !env.AI_MODEL) {
      ctx.addIssue({ code: "custom", path: ["AI_MODEL"], message: "is required when AI_BASE_URL is set" });
    }
  });

export type Env = z.output<typeof envSchema> & {
  /** Where the server listens. */
  HOST: string;
  /** Absolute base URL for links in e-mails, canonical URLs and sitemaps, without a trailing slash. */
  PUBLIC_URL: string;
  isProduction: boolean;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "environment";
        return `${name} ${issue.message}`;
      }),
    );
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  const host = env.HOST ?? "127.0.0.1";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { ...env, HOST: host, PUBLIC_URL: publicUrl, isProduction };
}

let cached: Env | undefined;

/** The validated environment of this process (parsed on first use). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that need a different configuration. */
export function resetEnvForTests(): void {
  cached = undefined;
}
