CREATE TABLE "agent_states" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"max_concurrent_chats" integer DEFAULT 10 NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_states_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cs_configurations" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"feature_cs" integer DEFAULT 0 NOT NULL,
	"feature_manager" integer DEFAULT 0 NOT NULL,
	"is_auto_assign_feature" boolean DEFAULT false NOT NULL,
	"is_display_chatroom_emoji" boolean DEFAULT true NOT NULL,
	"is_display_chatroom_attachment" boolean DEFAULT true NOT NULL,
	"is_display_chatroom_cs_name" boolean DEFAULT true NOT NULL,
	"is_fetch_from_contact" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_group_members" (
	"client_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_group_members_client_id_group_id_user_id_pk" PRIMARY KEY("client_id","group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cs_groups" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"operational_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_groups_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_audit_log" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_audit_log_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_transfers" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"from_user_id" uuid,
	"to_user_id" uuid,
	"from_group_id" uuid,
	"to_group_id" uuid,
	"source" text NOT NULL,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_transfers_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "assigned_via" text;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_client_id_user_id_memberships_client_id_user_id_fk" FOREIGN KEY ("client_id","user_id") REFERENCES "public"."memberships"("client_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_configurations" ADD CONSTRAINT "cs_configurations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_group_members" ADD CONSTRAINT "cs_group_members_client_id_group_id_cs_groups_client_id_id_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."cs_groups"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_group_members" ADD CONSTRAINT "cs_group_members_client_id_user_id_memberships_client_id_user_id_fk" FOREIGN KEY ("client_id","user_id") REFERENCES "public"."memberships"("client_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_groups" ADD CONSTRAINT "cs_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_audit_log" ADD CONSTRAINT "ticket_audit_log_client_id_ticket_id_tickets_client_id_id_fk" FOREIGN KEY ("client_id","ticket_id") REFERENCES "public"."tickets"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_client_id_ticket_id_tickets_client_id_id_fk" FOREIGN KEY ("client_id","ticket_id") REFERENCES "public"."tickets"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cs_group_members_user_idx" ON "cs_group_members" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_groups_name_key" ON "cs_groups" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cs_groups_default_key" ON "cs_groups" USING btree ("client_id") WHERE "cs_groups"."is_default";--> statement-breakpoint
CREATE INDEX "ticket_audit_log_ticket_idx" ON "ticket_audit_log" USING btree ("client_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_transfers_ticket_idx" ON "ticket_transfers" USING btree ("client_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_waiting_idx" ON "tickets" USING btree ("client_id","group_id","created_at","id") WHERE "tickets"."status" = 'unassigned';--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("client_id","assignee_id","last_message_at" DESC NULLS LAST) WHERE "tickets"."status" in ('unassigned', 'assigned');