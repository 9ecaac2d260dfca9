CREATE TABLE "chat_credit_mutations" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_credit_mutations_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "livechat_visitors" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livechat_visitors_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel_account_id" uuid,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"header_type" text DEFAULT 'none' NOT NULL,
	"header_text" text,
	"header_media_url" text,
	"body" text NOT NULL,
	"footer" text,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_type" text DEFAULT 'static' NOT NULL,
	"is_follow_up" boolean DEFAULT false NOT NULL,
	"is_new_message" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_template_id" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "whatsapp_templates_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_categories" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_categories_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" uuid,
	"visitor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_credit_mutations" ADD CONSTRAINT "chat_credit_mutations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livechat_visitors" ADD CONSTRAINT "livechat_visitors_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_credit_mutations_reference_key" ON "chat_credit_mutations" USING btree ("client_id","reference_type","reference_id") WHERE "chat_credit_mutations"."reference_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "livechat_visitors_token_key" ON "livechat_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "livechat_visitors_contact_idx" ON "livechat_visitors" USING btree ("client_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_key" ON "whatsapp_templates" USING btree ("client_id","name","language") WHERE "whatsapp_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_categories_name_key" ON "ticket_categories" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_livechat_domain_key" ON "channel_accounts" USING btree (lower("address")) WHERE "channel_accounts"."channel" = 'LVC' and "channel_accounts"."status" = 'connected';