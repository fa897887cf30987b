CREATE TABLE "chat_replies" (
	"conversation_id" uuid NOT NULL,
	"digest" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_replies_conversation_id_digest_pk" PRIMARY KEY("conversation_id","digest")
);
--> statement-breakpoint
CREATE INDEX "chat_replies_created_at_idx" ON "chat_replies" USING btree ("created_at");