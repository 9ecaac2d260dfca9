CREATE TABLE "export_requests" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"viewer" jsonb NOT NULL,
	"language" text NOT NULL,
	"room_type" text NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"filter" jsonb NOT NULL,
	"columns" text[],
	"request_start_date" text NOT NULL,
	"request_end_date" text NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_requests_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "export_requests" ADD CONSTRAINT "export_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_requests_created_idx" ON "export_requests" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "export_requests_requester_idx" ON "export_requests" USING btree ("client_id","requested_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);