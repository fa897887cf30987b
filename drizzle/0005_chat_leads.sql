ALTER TABLE "leads" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_conversation_id_unique" UNIQUE("conversation_id");