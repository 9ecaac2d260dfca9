ALTER TABLE "channel_accounts" ADD COLUMN "connection_state" text DEFAULT 'connected' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "connection_error" text;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "checked_at" timestamp with time zone;