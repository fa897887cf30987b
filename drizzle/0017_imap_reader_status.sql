CREATE TABLE "imap_reader_status" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
