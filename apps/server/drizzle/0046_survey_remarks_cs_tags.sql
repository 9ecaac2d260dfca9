ALTER TABLE "ticket_surveys" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "ticket_surveys" ADD COLUMN "cs_tags" text[] DEFAULT '{}'::text[] NOT NULL;