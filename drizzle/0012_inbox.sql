CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"owner_id" text,
	"value_minor" bigint,
	"currency" text,
	"held_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting_since" timestamp with time zone DEFAULT now(),
	"first_reply_at" timestamp with time zone,
	"last_reply_at" timestamp with time zone,
	"last_inbound_at" timestamp with time zone,
	"thread_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	CONSTRAINT "enquiries_stage_check" CHECK (("enquiries"."kind" in ('mentoring', 'booking') and "enquiries"."stage" in ('requested', 'scheduled', 'done', 'lost'))
        or ("enquiries"."kind" not in ('mentoring', 'booking') and "enquiries"."stage" in ('new', 'contacted', 'qualified', 'proposal', 'won', 'lost'))),
	CONSTRAINT "enquiries_value_check" CHECK (("enquiries"."value_minor" is null) = ("enquiries"."currency" is null) and ("enquiries"."value_minor" is null or "enquiries"."value_minor" >= 0)),
	CONSTRAINT "enquiries_currency_check" CHECK ("enquiries"."currency" is null or "enquiries"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "imap_state" (
	"mailbox" text PRIMARY KEY NOT NULL,
	"uid_validity" bigint NOT NULL,
	"last_uid" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea"
);
--> statement-breakpoint
CREATE TABLE "inbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"enquiry_id" uuid,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"body" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid,
	"enquiry_id" uuid,
	"direction" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"auto_reply" text,
	"sent_by_id" text,
	"sent_by_name" text,
	"read_at" timestamp with time zone,
	"mailbox" text,
	"uid_validity" bigint,
	"uid" bigint,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_mails_direction_check" CHECK ("inbox_mails"."direction" in ('out', 'in'))
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_key" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector",
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"event_types" text[] NOT NULL,
	"format" text DEFAULT 'standard' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "person_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "person_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "person_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_attachments" ADD CONSTRAINT "inbox_attachments_mail_id_inbox_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."inbox_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD CONSTRAINT "inbox_events_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD CONSTRAINT "inbox_events_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD CONSTRAINT "inbox_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_mails" ADD CONSTRAINT "inbox_mails_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_mails" ADD CONSTRAINT "inbox_mails_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_mails" ADD CONSTRAINT "inbox_mails_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_kind_source_idx" ON "enquiries" USING btree ("kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_thread_token_idx" ON "enquiries" USING btree ("thread_token");--> statement-breakpoint
CREATE INDEX "enquiries_person_idx" ON "enquiries" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "enquiries_stage_created_idx" ON "enquiries" USING btree ("stage","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_waiting_idx" ON "enquiries" USING btree ("waiting_since") WHERE "enquiries"."waiting_since" is not null;--> statement-breakpoint
CREATE INDEX "enquiries_owner_idx" ON "enquiries" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "inbox_attachments_mail_idx" ON "inbox_attachments" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "inbox_events_person_idx" ON "inbox_events" USING btree ("person_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_mails_person_idx" ON "inbox_mails" USING btree ("person_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_mails_message_id_idx" ON "inbox_mails" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inbox_mails_unmatched_idx" ON "inbox_mails" USING btree ("created_at" DESC NULLS LAST) WHERE "inbox_mails"."person_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_mails_imap_idx" ON "inbox_mails" USING btree ("mailbox","uid_validity","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key_idx" ON "people" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "people_last_activity_idx" ON "people" USING btree ("last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "people_search_idx" ON "people" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("created_at") WHERE "webhook_events"."fanned_out_at" is null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_person_idx" ON "leads" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_person_idx" ON "newsletter_subscriptions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "submissions_person_idx" ON "submissions" USING btree ("person_id");--> statement-breakpoint
-- ─── The inbox's rules, kept by the database (docs/inbox.md, decision 0180) ───────────────
-- People are matched by `lower(btrim(email))`. Whatever writes a lead, a submission or a
-- subscription (a page, the JSON API, a CLI, a test), the row is linked to its person, a lead
-- or submission gets its enquiry, the search text follows, and the webhook events are written
-- in the same transaction as the change.

-- The person of an address, created when new; a given name replaces the stored one.
CREATE FUNCTION inbox_person_for(p_email text, p_name text, p_at timestamptz) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  INSERT INTO people AS p (email_key, email, name, created_at, last_activity_at)
  VALUES (lower(btrim(p_email)), btrim(p_email), nullif(btrim(coalesce(p_name, '')), ''), coalesce(p_at, now()), coalesce(p_at, now()))
  ON CONFLICT (email_key) DO UPDATE
    SET email = excluded.email,
        name = coalesce(excluded.name, p.name),
        last_activity_at = greatest(p.last_activity_at, excluded.last_activity_at)
  RETURNING id INTO v_id;
  RETURN v_id;
END $$;
--> statement-breakpoint
-- BEFORE INSERT/UPDATE on leads, submissions, newsletter_subscriptions: link the row to its person.
CREATE FUNCTION inbox_link_person() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_name text := to_jsonb(NEW) ->> 'name';
BEGIN
  IF TG_OP = 'INSERT' OR NEW.person_id IS NULL
     OR lower(btrim(NEW.email)) IS DISTINCT FROM lower(btrim(OLD.email))
     OR v_name IS DISTINCT FROM (to_jsonb(OLD) ->> 'name') THEN
    NEW.person_id := inbox_person_for(NEW.email, v_name, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A webhook event, written with the change it describes; `webhook_events` is fanned out by a job.
CREATE FUNCTION inbox_emit(p_type text, p_payload jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  INSERT INTO webhook_events (type, payload) VALUES (p_type, p_payload) RETURNING id INTO v_id;
  PERFORM pg_notify('webhook_events', v_id::text);
END $$;
--> statement-breakpoint
CREATE FUNCTION inbox_person_json(p_id uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', id, 'email', email, 'name', name, 'createdAt', created_at) FROM people WHERE id = p_id
$$;
--> statement-breakpoint
CREATE FUNCTION inbox_enquiry_json(e enquiries) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', e.id, 'personId', e.person_id, 'kind', e.kind, 'stage', e.stage, 'ownerId', e.owner_id,
    'value', CASE WHEN e.value_minor IS NULL THEN NULL ELSE jsonb_build_object('minor', e.value_minor, 'currency', e.currency) END,
    'createdAt', e.created_at)
$$;
--> statement-breakpoint
-- person.created goes out once, just before the first event that is about them.
CREATE FUNCTION inbox_announce_person(p_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people SET announced_at = now() WHERE id = p_id AND announced_at IS NULL;
  IF FOUND THEN
    PERFORM inbox_emit('person.created', jsonb_build_object('person', inbox_person_json(p_id)));
  END IF;
END $$;
--> statement-breakpoint
-- AFTER INSERT/UPDATE/DELETE on leads and submissions: the row's enquiry follows it.
CREATE FUNCTION inbox_sync_enquiry() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_row jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  v_kind text := CASE WHEN TG_TABLE_NAME = 'leads' THEN 'lead' ELSE v_row ->> 'source' END;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM enquiries WHERE kind = v_kind AND source_id = OLD.id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO enquiries (person_id, kind, source_id, stage, held_at, created_at, stage_changed_at, waiting_since)
    VALUES (NEW.person_id, v_kind, NEW.id, CASE WHEN v_kind = 'mentoring' THEN 'requested' ELSE 'new' END,
            NEW.held_at, NEW.created_at, NEW.created_at, NEW.created_at)
    ON CONFLICT (kind, source_id) DO NOTHING;
  ELSE
    UPDATE enquiries SET person_id = NEW.person_id, held_at = NEW.held_at
     WHERE kind = v_kind AND source_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- AFTER INSERT/UPDATE on enquiries: enquiry.created (when not held, or on release) and enquiry.stage_changed.
CREATE FUNCTION inbox_enquiry_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.held_at IS NULL AND (TG_OP = 'INSERT' OR OLD.held_at IS NOT NULL) THEN
    PERFORM inbox_announce_person(NEW.person_id);
    PERFORM inbox_emit('enquiry.created', jsonb_build_object('enquiry', inbox_enquiry_json(NEW), 'person', inbox_person_json(NEW.person_id)));
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.stage IS DISTINCT FROM OLD.stage THEN
    PERFORM inbox_emit('enquiry.stage_changed', jsonb_build_object(
      'enquiry', inbox_enquiry_json(NEW), 'previousStage', OLD.stage, 'person', inbox_person_json(NEW.person_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- AFTER UPDATE on newsletter_subscriptions: subscriber.confirmed.
CREATE FUNCTION inbox_subscriber_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.confirmed AND NOT OLD.confirmed THEN
    PERFORM inbox_announce_person(NEW.person_id);
    PERFORM inbox_emit('subscriber.confirmed', jsonb_build_object(
      'subscription', jsonb_build_object('id', NEW.id, 'source', NEW.source, 'confirmedAt', NEW.confirmed_at),
      'person', inbox_person_json(NEW.person_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- AFTER INSERT on inbox_mails: reply.received for a person's own answer (never an auto-reply or an unmatched mail).
CREATE FUNCTION inbox_mail_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.direction = 'in' AND NEW.person_id IS NOT NULL AND NEW.auto_reply IS NULL THEN
    PERFORM inbox_emit('reply.received', jsonb_build_object(
      'mail', jsonb_build_object('id', NEW.id, 'enquiryId', NEW.enquiry_id, 'subject', NEW.subject, 'receivedAt', NEW.created_at),
      'person', inbox_person_json(NEW.person_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Full-text search per person: names, addresses, messages, chat transcripts, notes and mails ('simple': no stemming, any language).
CREATE FUNCTION inbox_refresh_search(p_person uuid) RETURNS void
LANGUAGE sql AS $$
  UPDATE people p SET search_vector =
    setweight(to_tsvector('simple', concat_ws(' ', p.name, p.email, translate(p.email, '@.+_-', '     '))), 'A')
    || to_tsvector('simple', left(concat_ws(' ',
      (SELECT string_agg(concat_ws(' ', l.name, l.email, l.company, l.message,
         (SELECT string_agg(m ->> 'content', ' ') FROM jsonb_array_elements(l.conversation_context -> 'messages') m)), ' ')
         FROM leads l WHERE l.person_id = p.id),
      (SELECT string_agg(concat_ws(' ', s.name, s.email, (SELECT string_agg(f.value, ' ') FROM jsonb_each_text(s.fields) f)), ' ')
         FROM submissions s WHERE s.person_id = p.id),
      (SELECT string_agg(e.body, ' ') FROM inbox_events e WHERE e.person_id = p.id AND e.kind = 'note'),
      (SELECT string_agg(concat_ws(' ', m.subject, m.text), ' ') FROM inbox_mails m WHERE m.person_id = p.id)
    ), 200000))
  WHERE p.id = p_person
$$;
--> statement-breakpoint
CREATE FUNCTION inbox_search_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.person_id IS NOT NULL THEN
    PERFORM inbox_refresh_search(OLD.person_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.person_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.person_id IS DISTINCT FROM OLD.person_id) THEN
    PERFORM inbox_refresh_search(NEW.person_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION inbox_person_search_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inbox_refresh_search(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- ─── Existing rows: one person per address, one enquiry per lead and submission ───────────
INSERT INTO people (email_key, email, name, created_at, last_activity_at, announced_at)
SELECT key,
       (array_agg(email ORDER BY created_at DESC))[1],
       (array_agg(name ORDER BY created_at DESC) FILTER (WHERE nullif(btrim(name), '') IS NOT NULL))[1],
       min(created_at), max(created_at), min(created_at)
  FROM (
    SELECT lower(btrim(email)) AS key, btrim(email) AS email, btrim(name) AS name, created_at FROM leads
    UNION ALL SELECT lower(btrim(email)), btrim(email), btrim(name), created_at FROM submissions
    UNION ALL SELECT lower(btrim(email)), btrim(email), NULL, created_at FROM newsletter_subscriptions
  ) x
 GROUP BY key;
--> statement-breakpoint
UPDATE leads SET person_id = p.id FROM people p WHERE p.email_key = lower(btrim(leads.email));
--> statement-breakpoint
UPDATE submissions SET person_id = p.id FROM people p WHERE p.email_key = lower(btrim(submissions.email));
--> statement-breakpoint
UPDATE newsletter_subscriptions SET person_id = p.id FROM people p WHERE p.email_key = lower(btrim(newsletter_subscriptions.email));
--> statement-breakpoint
-- Earlier enquiries were answered (or not) outside the site: only those of the last 7 days count as waiting.
INSERT INTO enquiries (person_id, kind, source_id, stage, held_at, created_at, stage_changed_at, waiting_since)
SELECT person_id, 'lead', id, 'new', held_at, created_at, created_at,
       CASE WHEN created_at > now() - interval '7 days' THEN created_at END
  FROM leads;
--> statement-breakpoint
INSERT INTO enquiries (person_id, kind, source_id, stage, held_at, created_at, stage_changed_at, waiting_since)
SELECT person_id, source, id, CASE WHEN source = 'mentoring' THEN 'requested' ELSE 'new' END, held_at, created_at, created_at,
       CASE WHEN created_at > now() - interval '7 days' THEN created_at END
  FROM submissions;
--> statement-breakpoint
SELECT inbox_refresh_search(id) FROM people;
--> statement-breakpoint
CREATE TRIGGER leads_link_person BEFORE INSERT OR UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION inbox_link_person();
--> statement-breakpoint
CREATE TRIGGER submissions_link_person BEFORE INSERT OR UPDATE ON submissions FOR EACH ROW EXECUTE FUNCTION inbox_link_person();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscriptions_link_person BEFORE INSERT OR UPDATE ON newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION inbox_link_person();
--> statement-breakpoint
CREATE TRIGGER leads_enquiry AFTER INSERT OR DELETE OR UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION inbox_sync_enquiry();
--> statement-breakpoint
CREATE TRIGGER submissions_enquiry AFTER INSERT OR DELETE OR UPDATE ON submissions FOR EACH ROW EXECUTE FUNCTION inbox_sync_enquiry();
--> statement-breakpoint
CREATE TRIGGER enquiries_events AFTER INSERT OR UPDATE ON enquiries FOR EACH ROW EXECUTE FUNCTION inbox_enquiry_events();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscriptions_events AFTER UPDATE ON newsletter_subscriptions FOR EACH ROW EXECUTE FUNCTION inbox_subscriber_events();
--> statement-breakpoint
CREATE TRIGGER inbox_mails_events AFTER INSERT ON inbox_mails FOR EACH ROW EXECUTE FUNCTION inbox_mail_events();
--> statement-breakpoint
CREATE TRIGGER leads_search AFTER INSERT OR UPDATE OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION inbox_search_changed();
--> statement-breakpoint
CREATE TRIGGER submissions_search AFTER INSERT OR UPDATE OR DELETE ON submissions FOR EACH ROW EXECUTE FUNCTION inbox_search_changed();
--> statement-breakpoint
CREATE TRIGGER inbox_events_search AFTER INSERT OR UPDATE OR DELETE ON inbox_events FOR EACH ROW EXECUTE FUNCTION inbox_search_changed();
--> statement-breakpoint
CREATE TRIGGER inbox_mails_search AFTER INSERT OR UPDATE OR DELETE ON inbox_mails FOR EACH ROW EXECUTE FUNCTION inbox_search_changed();
--> statement-breakpoint
CREATE TRIGGER people_search AFTER INSERT OR UPDATE OF name, email ON people FOR EACH ROW EXECUTE FUNCTION inbox_person_search_changed();
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_person_check" CHECK ("leads"."person_id" is not null);--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_person_check" CHECK ("newsletter_subscriptions"."person_id" is not null);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_person_check" CHECK ("submissions"."person_id" is not null);