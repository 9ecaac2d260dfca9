CREATE TABLE "chat_tags" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_tags_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "macros" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "macros_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quick_replies_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "remark_templates" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remark_templates_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_fields" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_fields_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_form_fields" (
	"client_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ticket_form_fields_client_id_form_id_field_id_pk" PRIMARY KEY("client_id","form_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_form_states" (
	"client_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"form_id" uuid,
	"email_cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_form_states_client_id_ticket_id_pk" PRIMARY KEY("client_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_forms" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_forms_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "time_tracking" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_tracking_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "chat_tags" ADD CONSTRAINT "chat_tags_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macros" ADD CONSTRAINT "macros_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remark_templates" ADD CONSTRAINT "remark_templates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_fields" ADD CONSTRAINT "ticket_fields_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_form_fields" ADD CONSTRAINT "ticket_form_fields_client_id_form_id_ticket_forms_client_id_id_fk" FOREIGN KEY ("client_id","form_id") REFERENCES "public"."ticket_forms"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_form_fields" ADD CONSTRAINT "ticket_form_fields_client_id_field_id_ticket_fields_client_id_id_fk" FOREIGN KEY ("client_id","field_id") REFERENCES "public"."ticket_fields"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_form_states" ADD CONSTRAINT "ticket_form_states_client_id_ticket_id_tickets_client_id_id_fk" FOREIGN KEY ("client_id","ticket_id") REFERENCES "public"."tickets"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_forms" ADD CONSTRAINT "ticket_forms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_tracking" ADD CONSTRAINT "time_tracking_client_id_ticket_id_tickets_client_id_id_fk" FOREIGN KEY ("client_id","ticket_id") REFERENCES "public"."tickets"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_tags_title_key" ON "chat_tags" USING btree ("client_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "macros_title_key" ON "macros" USING btree ("client_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "quick_replies_title_key" ON "quick_replies" USING btree ("client_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "remark_templates_title_key" ON "remark_templates" USING btree ("client_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_fields_title_key" ON "ticket_fields" USING btree ("client_id",lower("title"));--> statement-breakpoint
CREATE INDEX "ticket_form_fields_field_idx" ON "ticket_form_fields" USING btree ("client_id","field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_forms_title_key" ON "ticket_forms" USING btree ("client_id",lower("title"));--> statement-breakpoint
CREATE INDEX "time_tracking_ticket_idx" ON "time_tracking" USING btree ("client_id","ticket_id","user_id");