CREATE TABLE "auto_chat_log" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_chat_log_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "auto_chat_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_surveys" (
	"client_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"agent_id" uuid,
	"asked_at" timestamp with time zone NOT NULL,
	"rating" smallint,
	"comment" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "ticket_surveys_client_id_ticket_id_pk" PRIMARY KEY("client_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "business_profiles" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"business_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"business_type" text,
	"service" text,
	"mode" text DEFAULT 'ONLINE_SHOP' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_chat_log" ADD CONSTRAINT "auto_chat_log_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_chat_settings" ADD CONSTRAINT "auto_chat_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_surveys" ADD CONSTRAINT "ticket_surveys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_chat_log_dedupe_key" ON "auto_chat_log" USING btree ("client_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "auto_chat_log_ticket_idx" ON "auto_chat_log" USING btree ("client_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_surveys_pending_idx" ON "ticket_surveys" USING btree ("client_id","contact_id","channel_account_id","asked_at" DESC NULLS LAST) WHERE "ticket_surveys"."answered_at" is null;