CREATE TABLE "news_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_status" integer,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"backoff_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_feeds_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "news_refresh_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	CONSTRAINT "news_refresh_state_single_row" CHECK ("news_refresh_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "ai_news" ADD COLUMN "feed_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_news" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "ai_news" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "ai_news" ADD CONSTRAINT "ai_news_feed_id_news_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."news_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_news_canonical_url_key" ON "ai_news" USING btree ("canonical_url");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_news_title_key_key" ON "ai_news" USING btree ("title_key");