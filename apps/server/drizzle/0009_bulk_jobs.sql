CREATE TABLE "bulk_job_failures" (
	"client_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "bulk_job_failures_client_id_job_id_ticket_id_pk" PRIMARY KEY("client_id","job_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"actor" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"ticket_ids" uuid[] NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_jobs_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "bulk_job_failures" ADD CONSTRAINT "bulk_job_failures_client_id_job_id_bulk_jobs_client_id_id_fk" FOREIGN KEY ("client_id","job_id") REFERENCES "public"."bulk_jobs"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_jobs_user_idx" ON "bulk_jobs" USING btree ("client_id","user_id","created_at" DESC NULLS LAST);