CREATE TABLE "newsletter_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" in ('pending', 'sent', 'failed', 'bounced', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_issue_stories" (
	"issue_id" uuid NOT NULL,
	"news_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "newsletter_issue_stories_issue_id_news_id_pk" PRIMARY KEY("issue_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_date" date NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"stories" jsonb NOT NULL,
	"pause_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscription_id_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."newsletter_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issue_stories" ADD CONSTRAINT "newsletter_issue_stories_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issue_stories" ADD CONSTRAINT "newsletter_issue_stories_news_id_ai_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."ai_news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_issue_subscription_idx" ON "newsletter_deliveries" USING btree ("issue_id","subscription_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_pending_idx" ON "newsletter_deliveries" USING btree ("issue_id","id") WHERE "newsletter_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscription_idx" ON "newsletter_deliveries" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issue_stories_news_id_idx" ON "newsletter_issue_stories" USING btree ("news_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_issue_date_idx" ON "newsletter_issues" USING btree ("issue_date");