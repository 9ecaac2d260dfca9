CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contact_fields" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validation" text NOT NULL,
	"display" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_fields_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_group_members" (
	"client_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_group_members_client_id_group_id_contact_id_pk" PRIMARY KEY("client_id","group_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_groups" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_groups_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_tag_links" (
	"client_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "contact_tag_links_client_id_contact_id_tag_id_pk" PRIMARY KEY("client_id","contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_uploads" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"saved_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"file" "bytea",
	"failed_rows" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "contact_uploads_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "main_channel" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_education" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "custom_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_fields" ADD CONSTRAINT "contact_fields_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_client_id_group_id_contact_groups_client_id_id_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."contact_groups"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_client_id_contact_id_contacts_client_id_id_fk" FOREIGN KEY ("client_id","contact_id") REFERENCES "public"."contacts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_client_id_contact_id_contacts_client_id_id_fk" FOREIGN KEY ("client_id","contact_id") REFERENCES "public"."contacts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_client_id_tag_id_contact_tags_client_id_id_fk" FOREIGN KEY ("client_id","tag_id") REFERENCES "public"."contact_tags"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_uploads" ADD CONSTRAINT "contact_uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_fields_title_key" ON "contact_fields" USING btree ("client_id",lower("title"));--> statement-breakpoint
CREATE INDEX "contact_group_members_contact_idx" ON "contact_group_members" USING btree ("client_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_name_key" ON "contact_groups" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contact_tag_links_tag_idx" ON "contact_tag_links" USING btree ("client_id","tag_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_tags_name_key" ON "contact_tags" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone" gin_trgm_ops);