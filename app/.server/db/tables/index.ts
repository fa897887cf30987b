// Every table of the app. drizzle-kit reads this file to generate migrations.
export * from "./leads";
export * from "./news";
export * from "./newsletter";
export * from "./submissions";
export * from "./rate-limits";
export * from "./auth";
export * from "./ai-usage";
export * from "./newsletter-sending";
export * from "./analytics";
export * from "./chat-replies";
export * from "./inbox";
export * from "./inbox-digest";
export * from "./mentoring";
export * from "./mail";
export * from "./content";
