ALTER TABLE "chat_credit_windows" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_imap_cursors" ADD COLUMN "lease_holder" text;--> statement-breakpoint
ALTER TABLE "email_imap_cursors" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_credit_windows_unsettled_idx" ON "chat_credit_windows" USING btree ("opened_at") WHERE "chat_credit_windows"."settled_at" is null and "chat_credit_windows"."opened_by_message_id" is not null;