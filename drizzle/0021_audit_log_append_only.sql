ALTER TABLE "admin_audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "summary" text;--> statement-breakpoint
CREATE INDEX "admin_audit_log_user_at_idx" ON "admin_audit_log" USING btree ("user_email", "at");
--> statement-breakpoint
-- The audit log is append-only (docs/admin.md, "Audit log"): whatever the app (or someone with its
-- credentials) runs, a row once written is neither changed nor removed.
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_log_append_only"();
