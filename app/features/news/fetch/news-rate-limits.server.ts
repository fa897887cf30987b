import { defineRateLimit } from "~/.server/rate-limit";

/**
 * Per-client limits on the news endpoint. The sources themselves are
 * protected by the global once-per-5-minutes rule in fetch-ai-news.server.ts;
 * these only stop one client from flooding the server.
 */
export const newsReadLimit = defineRateLimit({ name: "news-read-ip", points: 120, durationSeconds: 60 });

export const newsForceLimit = defineRateLimit({
  name: "news-force-ip",
  points: 20,
  durationSeconds: 600,
  message: "Too many refresh requests. The news updates every 30 minutes; please try again later.",
});
