ALTER TABLE "news_feeds" ADD COLUMN "items_refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "news_feeds" ADD COLUMN "items_refused_note" text;