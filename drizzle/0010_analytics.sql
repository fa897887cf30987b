CREATE TABLE "analytics_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"detail" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"visitor_key" text,
	"entry_path" text,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"attributed_by" text
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"visitor_key" text NOT NULL,
	"visitor_id" uuid,
	CONSTRAINT "analytics_events_device_check" CHECK ("analytics_events"."device" in ('mobile', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"entry_path" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_conversions_kind_entity_idx" ON "analytics_conversions" USING btree ("kind","entity_id");--> statement-breakpoint
CREATE INDEX "analytics_conversions_day_idx" ON "analytics_conversions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_visitor_idx" ON "analytics_events" USING btree ("day","visitor_key","occurred_at");