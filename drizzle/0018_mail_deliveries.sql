CREATE TABLE "mail_deliveries" (
	"message_id" text PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"ref" text,
	"status" text NOT NULL,
	"detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_deliveries_ref_idx" ON "mail_deliveries" USING btree ("ref");
--> statement-breakpoint
-- An inbox reply the mail server refused, or that the queue gave up on, did not reach the person:
-- their enquiry waits again, since the person's last message (or since it came in), so the list,
-- the board and the morning digest show it as waiting (docs/inbox.md, "Replying").
CREATE FUNCTION "inbox_reply_failed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "enquiries" e
     SET "waiting_since" = coalesce(
           (SELECT max(m."created_at") FROM "inbox_mails" m WHERE m."enquiry_id" = e."id" AND m."direction" = 'in'),
           e."created_at")
    FROM "inbox_mails" r
   WHERE r."message_id" = NEW."message_id" AND r."direction" = 'out' AND e."id" = r."enquiry_id"
     AND e."waiting_since" IS NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inbox_reply_failed" AFTER UPDATE OF "status" ON "mail_deliveries"
  FOR EACH ROW WHEN (NEW."status" = 'failed' AND OLD."status" IS DISTINCT FROM 'failed' AND NEW."tag" = 'inbox-reply')
  EXECUTE FUNCTION "inbox_reply_failed"();
