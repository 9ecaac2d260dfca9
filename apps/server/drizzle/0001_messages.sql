CREATE TABLE "channel_accounts" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"config" jsonb NOT NULL,
	"secrets" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_accounts_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "inbound_events" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"provider_event_key" text NOT NULL,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "inbound_events_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_identities" (
	"client_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"media" jsonb,
	"payload" jsonb,
	"status" text NOT NULL,
	"error" jsonb,
	"provider_message_id" text,
	"client_message_id" uuid,
	"sender_user_id" uuid,
	"reply_to_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_counters" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"display_number" bigint NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"status" text DEFAULT 'unassigned' NOT NULL,
	"assignee_id" uuid,
	"priority" smallint DEFAULT 3 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"remarks" text,
	"last_customer_message_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text,
	"last_message_direction" text,
	"last_message_status" text,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"responded" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolve_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_events" ADD CONSTRAINT "inbound_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_client_id_contact_id_contacts_client_id_id_fk" FOREIGN KEY ("client_id","contact_id") REFERENCES "public"."contacts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_ticket_id_tickets_client_id_id_fk" FOREIGN KEY ("client_id","ticket_id") REFERENCES "public"."tickets"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_counters" ADD CONSTRAINT "ticket_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_client_id_contact_id_contacts_client_id_id_fk" FOREIGN KEY ("client_id","contact_id") REFERENCES "public"."contacts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_client_id_channel_account_id_channel_accounts_client_id_id_fk" FOREIGN KEY ("client_id","channel_account_id") REFERENCES "public"."channel_accounts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_id_key" ON "channel_accounts" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_one_wap_key" ON "channel_accounts" USING btree ("client_id") WHERE "channel_accounts"."channel" = 'WAP' and "channel_accounts"."status" = 'connected';--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_phone_number_id_key" ON "channel_accounts" USING btree (("config"->>'phoneNumberId')) WHERE "channel_accounts"."channel" = 'WAP' and "channel_accounts"."status" = 'connected';--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_events_key" ON "inbound_events" USING btree ("client_id","channel_account_id","provider_event_key");--> statement-breakpoint
CREATE INDEX "inbound_events_unprocessed_idx" ON "inbound_events" USING btree ("client_id","received_at") WHERE "inbound_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_identities_key" ON "contact_identities" USING btree ("client_id","channel_account_id","external_id");--> statement-breakpoint
CREATE INDEX "contact_identities_contact_idx" ON "contact_identities" USING btree ("client_id","contact_id");--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("client_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_key" ON "messages" USING btree ("client_id","channel_account_id","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_message_id_key" ON "messages" USING btree ("client_id","client_message_id");--> statement-breakpoint
CREATE INDEX "messages_ticket_idx" ON "messages" USING btree ("client_id","ticket_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_display_number_key" ON "tickets" USING btree ("client_id","display_number");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_open_key" ON "tickets" USING btree ("client_id","contact_id","channel_account_id") WHERE "tickets"."status" in ('unassigned', 'assigned');--> statement-breakpoint
CREATE INDEX "tickets_inbox_idx" ON "tickets" USING btree ("client_id","status","last_message_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tickets_expiry_idx" ON "tickets" USING btree ("last_customer_message_at") WHERE "tickets"."status" in ('unassigned', 'assigned') and "tickets"."channel" = 'WAP';