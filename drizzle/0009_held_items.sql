ALTER TABLE "leads" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "fill_ms" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "fill_ms" integer;--> statement-breakpoint
CREATE INDEX "leads_held_at_idx" ON "leads" USING btree ("held_at") WHERE "leads"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "submissions_held_at_idx" ON "submissions" USING btree ("held_at") WHERE "submissions"."held_at" is not null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_hold_reason_check" CHECK (("leads"."held_at" is null) = ("leads"."hold_reason" is null));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_hold_reason_check" CHECK (("submissions"."held_at" is null) = ("submissions"."hold_reason" is null));