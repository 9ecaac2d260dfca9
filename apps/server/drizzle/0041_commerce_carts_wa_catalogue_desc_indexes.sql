CREATE TABLE "ticket_carts" (
	"client_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"draft" jsonb NOT NULL,
	"source" text NOT NULL,
	"unmatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_message_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_carts_client_id_ticket_id_pk" PRIMARY KEY("client_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_catalogue_items" (
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"retailer_id" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_catalogue_items_client_id_product_id_pk" PRIMARY KEY("client_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_catalogues" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"catalog_id" text NOT NULL,
	"synced_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "ticket_surveys_pending_idx";--> statement-breakpoint
DROP INDEX "broadcasts_history_idx";--> statement-breakpoint
DROP INDEX "bulk_jobs_user_idx";--> statement-breakpoint
DROP INDEX "messages_ticket_idx";--> statement-breakpoint
DROP INDEX "tickets_inbox_idx";--> statement-breakpoint
DROP INDEX "tickets_assignee_idx";--> statement-breakpoint
DROP INDEX "tickets_contact_idx";--> statement-breakpoint
DROP INDEX "export_requests_created_idx";--> statement-breakpoint
DROP INDEX "export_requests_requester_idx";--> statement-breakpoint
ALTER TABLE "ticket_carts" ADD CONSTRAINT "ticket_carts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_catalogue_items" ADD CONSTRAINT "whatsapp_catalogue_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_catalogues" ADD CONSTRAINT "whatsapp_catalogues_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_surveys_pending_idx" ON "ticket_surveys" USING btree ("client_id","contact_id","channel_account_id","asked_at" DESC NULLS FIRST) WHERE "ticket_surveys"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "broadcasts_history_idx" ON "broadcasts" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bulk_jobs_user_idx" ON "bulk_jobs" USING btree ("client_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_ticket_idx" ON "messages" USING btree ("client_id","ticket_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_inbox_idx" ON "tickets" USING btree ("client_id","status","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("client_id","assignee_id","last_message_at" DESC NULLS FIRST) WHERE "tickets"."status" in ('unassigned', 'assigned');--> statement-breakpoint
CREATE INDEX "tickets_contact_idx" ON "tickets" USING btree ("client_id","contact_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "export_requests_created_idx" ON "export_requests" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "export_requests_requester_idx" ON "export_requests" USING btree ("client_id","requested_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);