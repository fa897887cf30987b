-- A team, not one admin (docs/admin.md, "Roles"): every admin so far may do everything, so each
-- becomes an owner; the roles are the five of app/.server/permissions.ts.
UPDATE "user_roles" SET "role" = 'owner' WHERE "role" = 'admin';
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('owner', 'editor', 'sales', 'newsletter', 'mentor'));
