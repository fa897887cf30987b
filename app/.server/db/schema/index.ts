// Every table of the app. drizzle-kit reads this file to generate migrations.
export * from "./leads.ts";
export * from "./news.ts";
export * from "./newsletter.ts";
export * from "./submissions.ts";
export * from "./rate-limits.ts";
export * from "./auth.ts";
export * from "./ai-usage.ts";
export * from "./newsletter-sending.ts";
export * from "./analytics.ts";
export * from "./chat-replies.ts";
export * from "./inbox.ts";
export * from "./inbox-digest.ts";
export * from "./mentoring.ts";
