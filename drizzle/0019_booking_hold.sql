ALTER TABLE "mentoring_bookings" DROP CONSTRAINT "mentoring_bookings_status_check";--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(regexp_replace(email, '[+][^@]*@', '@'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mentoring_bookings_email_key_idx" ON "mentoring_bookings" USING btree ("email_key","mentor_id","starts_at");--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD CONSTRAINT "mentoring_bookings_confirm_by_check" CHECK ("mentoring_bookings"."status" <> 'unconfirmed' or "mentoring_bookings"."confirm_by" is not null);--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD CONSTRAINT "mentoring_bookings_status_check" CHECK ("mentoring_bookings"."status" in ('unconfirmed', 'lapsed', 'pending', 'confirmed', 'held', 'cancelled', 'done', 'no_show'));--> statement-breakpoint
-- An unconfirmed hold keeps its time like a booking does (docs/mentoring.md, "The hold"): the
-- exclusion constraint now counts it too. A lapsed hold does not.
ALTER TABLE "mentoring_bookings" DROP CONSTRAINT "mentoring_bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "mentoring_bookings" ADD CONSTRAINT "mentoring_bookings_no_overlap"
  EXCLUDE USING gist ("mentor_id" WITH =, tstzrange("starts_at", "occupied_until", '[)') WITH &&)
  WHERE ("status" IN ('unconfirmed', 'pending', 'confirmed', 'done', 'no_show'));
--> statement-breakpoint
-- A booking becomes an enquiry when its learner confirms their address: anyone can type anyone's
-- address, so an unconfirmed or lapsed hold is nobody's enquiry. A held booking (it looked
-- automated) is one at once, held, for an admin to decide; released, it waits for its learner
-- (requested, not held, not waiting on the studio), and lost if they never confirm.
CREATE OR REPLACE FUNCTION mentoring_booking_enquiry() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_stage text := CASE NEW.status WHEN 'confirmed' THEN 'scheduled' WHEN 'done' THEN 'done'
                    WHEN 'cancelled' THEN 'lost' WHEN 'no_show' THEN 'lost' WHEN 'lapsed' THEN 'lost' ELSE 'requested' END;
  v_held timestamptz := CASE WHEN NEW.status = 'held' THEN coalesce(NEW.updated_at, now()) END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status IN ('unconfirmed', 'lapsed') THEN
      RETURN NULL;
    END IF;
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
    IF NOT FOUND AND NEW.status NOT IN ('unconfirmed', 'lapsed') THEN
      INSERT INTO enquiries (person_id, kind, source_id, stage, held_at, created_at, stage_changed_at, waiting_since)
      VALUES (NEW.person_id, 'booking', NEW.id, v_stage, v_held, now(), now(),
              CASE WHEN NEW.status IN ('pending', 'held') THEN now() END)
      ON CONFLICT (kind, source_id) DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;
