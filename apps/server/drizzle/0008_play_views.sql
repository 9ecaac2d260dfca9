CREATE TABLE "play_sessions" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"view_id" uuid,
	"channel" text,
	"current_ticket_id" uuid,
	"next_ticket_id" uuid,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_sessions_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "play_skips" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_skips_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_views" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_views_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_skips" ADD CONSTRAINT "play_skips_client_id_ticket_id_tickets_client_id_id_fk" FOREIGN KEY ("client_id","ticket_id") REFERENCES "public"."tickets"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_views" ADD CONSTRAINT "ticket_views_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_sessions_current_idx" ON "play_sessions" USING btree ("client_id","current_ticket_id") WHERE "play_sessions"."current_ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "play_skips_user_idx" ON "play_skips" USING btree ("client_id","user_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "play_skips_ticket_idx" ON "play_skips" USING btree ("client_id","ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_views_name_key" ON "ticket_views" USING btree ("client_id",lower("name"));