ALTER TABLE "call_rooms" ALTER COLUMN "ticket_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rooms" ALTER COLUMN "channel_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_sessions" ALTER COLUMN "channel_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rooms" ADD COLUMN "contact_id" uuid;