CREATE TABLE "call_rooms" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"room_type" text NOT NULL,
	"code" text NOT NULL,
	"cs_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "call_rooms_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "call_sessions" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"remote_id" text NOT NULL,
	"caller_id" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"cs_id" uuid,
	"sdp_offer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	CONSTRAINT "call_sessions_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "call_rooms" ADD CONSTRAINT "call_rooms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_rooms" ADD CONSTRAINT "call_rooms_client_id_ticket_id_tickets_client_id_id_fk" FOREIGN KEY ("client_id","ticket_id") REFERENCES "public"."tickets"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_sessions" ADD CONSTRAINT "call_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_sessions" ADD CONSTRAINT "call_sessions_client_id_room_id_call_rooms_client_id_id_fk" FOREIGN KEY ("client_id","room_id") REFERENCES "public"."call_rooms"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_rooms_open_ticket_idx" ON "call_rooms" USING btree ("client_id","ticket_id") WHERE "call_rooms"."code" <> 'CLS';--> statement-breakpoint
CREATE UNIQUE INDEX "call_sessions_remote_idx" ON "call_sessions" USING btree ("channel_account_id","remote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_sessions_one_active_per_cs_idx" ON "call_sessions" USING btree ("client_id","cs_id") WHERE "call_sessions"."status" in ('ANS', 'HLD');--> statement-breakpoint
CREATE INDEX "call_sessions_ringing_idx" ON "call_sessions" USING btree ("client_id","created_at") WHERE "call_sessions"."status" = 'RIN';