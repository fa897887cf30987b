CREATE TABLE "totp_accepted_steps" (
	"two_factor_id" text PRIMARY KEY NOT NULL,
	"step" bigint NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "totp_accepted_steps" ADD CONSTRAINT "totp_accepted_steps_two_factor_id_two_factors_id_fk" FOREIGN KEY ("two_factor_id") REFERENCES "public"."two_factors"("id") ON DELETE cascade ON UPDATE no action;