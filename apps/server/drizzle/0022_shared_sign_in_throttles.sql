CREATE TABLE "sign_in_throttles" (
	"scope" text NOT NULL,
	"account_key" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_scope_account_key_address_pk" PRIMARY KEY("scope","account_key","address")
);
--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
CREATE INDEX "outbox_messages_user_idx" ON "outbox_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_resets_destination_idx" ON "password_resets" USING btree (lower("destination"),"created_at");