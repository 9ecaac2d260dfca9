CREATE TABLE "advanced_broadcast_runs" (
	"client_id" uuid NOT NULL,
	"advanced_broadcast_id" uuid NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"recipients" integer NOT NULL,
	"broadcast_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advanced_broadcast_runs_client_id_advanced_broadcast_id_scheduled_for_pk" PRIMARY KEY("client_id","advanced_broadcast_id","scheduled_for")
);
--> statement-breakpoint
CREATE TABLE "advanced_broadcasts" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"template_id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"rules" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_broadcast_id" uuid,
	"last_error" text,
	"estimated_recipients" integer DEFAULT 0 NOT NULL,
	"estimated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advanced_broadcasts_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "advanced_broadcast_runs" ADD CONSTRAINT "advanced_broadcast_runs_client_id_advanced_broadcast_id_advanced_broadcasts_client_id_id_fk" FOREIGN KEY ("client_id","advanced_broadcast_id") REFERENCES "public"."advanced_broadcasts"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advanced_broadcasts" ADD CONSTRAINT "advanced_broadcasts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advanced_broadcasts_name_key" ON "advanced_broadcasts" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "advanced_broadcasts_due_idx" ON "advanced_broadcasts" USING btree ("next_run_at") WHERE "advanced_broadcasts"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "advanced_broadcasts_estimated_idx" ON "advanced_broadcasts" USING btree ("estimated_at");