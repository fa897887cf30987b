CREATE SEQUENCE "public"."content_live_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"publish_error" text,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "content_redirects" (
	"type" text NOT NULL,
	"from_key" text NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "content_redirects_type_from_key_pk" PRIMARY KEY("type","from_key")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"action" text NOT NULL,
	"fields" jsonb NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_redirects" ADD CONSTRAINT "content_redirects_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_type_key" ON "content_items" USING btree ("type","key");--> statement-breakpoint
CREATE INDEX "content_items_type_position" ON "content_items" USING btree ("type","position");--> statement-breakpoint
CREATE INDEX "content_revisions_item_created" ON "content_revisions" USING btree ("item_id","created_at" DESC NULLS LAST);