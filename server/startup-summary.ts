import path from "node:path";
import type { Env } from "~/.server/env.ts";
import { getMailConfig } from "~/.server/mail/config.ts";
import { readNewsStatus, type NewsStatus } from "~/features/news/read/news-status.server.ts";

/**
 * What a person at a terminal reads when `npm start` is up (LOG_FORMAT=text, the default at a
 * terminal; app/.server/log-format.ts): where to go, where data and mail end up, and what is not
 * configured and what that means. Production logs (JSON) do not get it.
 */
export type StartupFacts = {
  url: string;
  mode: "production" | "development";
  /** The embedded database's cluster directory, or where DATABASE_URL points. */
  database: { kind: "embedded"; dir: string } | { kind: "external"; target: string };
  mail: { kind: "outbox"; dir: string } | { kind: "smtp"; target: string };
  ai: { configured: false } | { configured: true; model: string };
  news: NewsStatus | undefined;
};

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "the configured server";
  }
}

export async function gatherStartupFacts(env: Env, url: string, mode: StartupFacts["mode"], embeddedDir?: string): Promise<StartupFacts> {
  const transport = getMailConfig().transport;
  return {
    url,
    mode,
    database: embeddedDir ? { kind: "embedded", dir: embeddedDir } : { kind: "external", target: hostOf(env.DATABASE_URL ?? "") },
    mail: transport.kind === "outbox" ? { kind: "outbox", dir: transport.dir } : { kind: "smtp", target: hostOf(transport.url) },
    ai: env.AI_BASE_URL && env.AI_MODEL ? { configured: true, model: env.AI_MODEL } : { configured: false },
    // A summary without the news line is better than none.
    news: await readNewsStatus().catch(() => undefined),
  };
}

function newsLine(news: NewsStatus | undefined): string {
  if (!news) return "could not be read";
  if (news.stories > 0) {
    const unreached = news.feeds - news.reachedFeeds;
    return `${news.stories} stories${unreached > 0 ? `; ${unreached} of ${news.feeds} feeds not reached yet (see /admin/feeds)` : ""}`;
  }
  if (news.feeds > 0 && news.reachedFeeds === 0) {
    return "no feed could be reached yet: the news hub stays empty until one is (tried every 30 minutes)";
  }
  return "no stories yet: the feeds are fetched every 30 minutes (at :00 and :30 UTC) or with Refresh News on /ai-news; until one answers, the news hub stays empty";
}

/** The summary as lines of text, without colours (it may be copied into an issue or a chat). */
export function describeStartup(facts: StartupFacts): string {
  const cwd = process.cwd();
  const shown = (dir: string) => {
    const relative = path.relative(cwd, dir);
    return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : dir;
  };
  const lines = [
    "",
    `  Nordlys is running: open ${facts.url}${facts.mode === "development" ? " (development, with hot reload)" : ""}`,
    "",
    `  Data      ${facts.database.kind === "embedded" ? `embedded PostgreSQL in ${shown(facts.database.dir)}` : `PostgreSQL at ${facts.database.target} (DATABASE_URL)`}`,
    `  Mail      ${facts.mail.kind === "outbox" ? `not sent: written as .eml files to ${shown(facts.mail.dir)} (set SMTP_URL to send)` : `sent through ${facts.mail.target} (SMTP_URL)`}`,
    `  AI        ${facts.ai.configured ? `model ${facts.ai.model}` : "no provider configured (AI_BASE_URL, AI_MODEL): the AI tools on /try-ai say they are unavailable, the chat answers from the site's content and news summaries are extracts"}`,
    `  News      ${newsLine(facts.news)}`,
    `  Admin     npm run admin:create -- --email you@example.com, then ${facts.url}/admin/login`,
    "",
    "  Stop with Ctrl-C. Warnings and errors follow below; LOG_FORMAT=json gives the full JSON log (README.md).",
    "",
  ];
  return `${lines.join("\n")}\n`;
}
