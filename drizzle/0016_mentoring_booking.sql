CREATE TABLE "mentoring_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"occupied_until" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"time_zone" text NOT NULL,
	"goals" text NOT NULL,
	"disclaimer_accepted" boolean NOT NULL,
	"scholarship_reason" text,
	"video_url" text NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"person_id" uuid,
	"ip_hash" text,
	"user_agent" text,
	"hold_reason" text,
	"fill_ms" integer,
	"reminder_24h_sent_at" timestamp with time zone,
	"reminder_1h_sent_at" timestamp with time zone,
	"follow_up_sent_at" timestamp with time zone,
	"calendar_synced_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentoring_bookings_person_check" CHECK ("mentoring_bookings"."person_id" is not null),
	CONSTRAINT "mentoring_bookings_status_check" CHECK ("mentoring_bookings"."status" in ('pending', 'confirmed', 'held', 'cancelled', 'done', 'no_show')),
	CONSTRAINT "mentoring_bookings_time_check" CHECK ("mentoring_bookings"."starts_at" < "mentoring_bookings"."ends_at" and "mentoring_bookings"."ends_at" <= "mentoring_bookings"."occupied_until"),
	CONSTRAINT "mentoring_bookings_hold_check" CHECK (("mentoring_bookings"."status" = 'held') = ("mentoring_bookings"."hold_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "mentoring_mentors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"profile_name" text NOT NULL,
	"time_zone" text DEFAULT 'Europe/Oslo' NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"session_minutes" jsonb DEFAULT '[30,60]'::jsonb NOT NULL,
	"buffer_minutes" integer DEFAULT 15 NOT NULL,
	"min_notice_hours" integer DEFAULT 24 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"video" jsonb DEFAULT '{"kind":"jitsi"}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"caldav_url" text,
	"caldav_username" text,
	"caldav_password_sealed" text,
	"caldav_busy" jsonb,
	"caldav_read_at" timestamp with time zone,
	"caldav_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentoring_mentors_buffer_check" CHECK ("mentoring_mentors"."buffer_minutes" between 0 and 240),
	CONSTRAINT "mentoring_mentors_notice_check" CHECK ("mentoring_mentors"."min_notice_hours" between 0 and 720),
	CONSTRAINT "mentoring_mentors_horizon_check" CHECK ("mentoring_mentors"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD CONSTRAINT "mentoring_bookings_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD CONSTRAINT "mentoring_bookings_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentoring_mentors" ADD CONSTRAINT "mentoring_mentors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mentoring_bookings_uid_idx" ON "mentoring_bookings" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "mentoring_bookings_mentor_start_idx" ON "mentoring_bookings" USING btree ("mentor_id","starts_at");--> statement-breakpoint
CREATE INDEX "mentoring_bookings_status_start_idx" ON "mentoring_bookings" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "mentoring_bookings_person_idx" ON "mentoring_bookings" USING btree ("person_id");--> statement-breakpoint
-- One booking per slot, kept by the database (docs/mentoring.md): no two occupying bookings of a
-- mentor may overlap, buffer included. btree_gist lets the mentor's id (=) share the index with
-- the time range (&&); it is a trusted extension, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD CONSTRAINT "mentoring_bookings_no_overlap"
  EXCLUDE USING gist ("mentor_id" WITH =, tstzrange("starts_at", "occupied_until", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed', 'done', 'no_show'));
--> statement-breakpoint
-- A booking is an enquiry of kind 'booking' in the mentoring pipeline: its stage follows the
-- booking's status (requested while it waits for approval, scheduled, done, lost when cancelled
-- or missed), and a held booking's enquiry is held with it.
CREATE FUNCTION mentoring_booking_enquiry() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_stage text := CASE NEW.status WHEN 'confirmed' THEN 'scheduled' WHEN 'done' THEN 'done'
                    WHEN 'cancelled' THEN 'lost' WHEN 'no_show' THEN 'lost' ELSE 'requested' END;
  v_held timestamptz := CASE WHEN NEW.status = 'held' THEN coalesce(NEW.updated_at, now()) END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO enquiries (person_id, kind, source_id, stage, held_at, created_at, stage_changed_at, waiting_since)
    VALUES (NEW.person_id, 'booking', NEW.id, v_stage, v_held, NEW.created_at, NEW.created_at,
            CASE WHEN NEW.status IN ('pending', 'held') THEN NEW.created_at END)
    ON CONFLICT (kind, source_id) DO NOTHING;
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.person_id IS DISTINCT FROM OLD.person_id THEN
    UPDATE enquiries
       SET person_id = NEW.person_id,
           held_at = v_held,
           stage = v_stage,
           stage_changed_at = CASE WHEN stage IS DISTINCT FROM v_stage THEN now() ELSE stage_changed_at END,
           waiting_since = CASE WHEN NEW.status IN ('pending', 'held') THEN coalesce(waiting_since, now()) END
     WHERE kind = 'booking' AND source_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mentoring_bookings_link_person BEFORE INSERT OR UPDATE ON mentoring_bookings FOR EACH ROW EXECUTE FUNCTION inbox_link_person();
--> statement-breakpoint
CREATE TRIGGER mentoring_bookings_enquiry AFTER INSERT OR UPDATE ON mentoring_bookings FOR EACH ROW EXECUTE FUNCTION mentoring_booking_enquiry();
