CREATE TABLE "broadcast_recipient_sheets" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"created_by" uuid,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_recipient_sheets_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"client_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"contact_id" uuid,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" jsonb,
	CONSTRAINT "broadcast_recipients_client_id_broadcast_id_id_pk" PRIMARY KEY("client_id","broadcast_id","id")
);
--> statement-breakpoint
CREATE TABLE "broadcast_senders" (
	"client_id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"throughput_per_second" integer NOT NULL,
	"daily_quota" integer NOT NULL,
	"tokens" double precision DEFAULT 0 NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_until" timestamp with time zone,
	CONSTRAINT "broadcast_senders_client_id_channel_account_id_pk" PRIMARY KEY("client_id","channel_account_id")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"campaign_code" text NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"template_language" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"status" text NOT NULL,
	"failure_reason" text,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"client_request_id" uuid NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"review" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_phone_key" ON "broadcast_recipients" USING btree ("client_id","broadcast_id","phone");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_pending_idx" ON "broadcast_recipients" USING btree ("client_id","broadcast_id","id") WHERE "broadcast_recipients"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_request_key" ON "broadcasts" USING btree ("client_id","client_request_id");--> statement-breakpoint
CREATE INDEX "broadcasts_history_idx" ON "broadcasts" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "broadcasts_active_idx" ON "broadcasts" USING btree ("status","scheduled_at") WHERE "broadcasts"."status" in ('scheduled', 'need_approval', 'in_process', 'sending');--> statement-breakpoint
CREATE INDEX "broadcasts_sender_idx" ON "broadcasts" USING btree ("client_id","channel_account_id","started_at");