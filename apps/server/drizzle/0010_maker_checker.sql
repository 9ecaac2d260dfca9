CREATE TABLE "maker_checker_accounts" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"position" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maker_checker_accounts_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "maker_checker_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maker_checker_accounts" ADD CONSTRAINT "maker_checker_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_checker_accounts" ADD CONSTRAINT "maker_checker_accounts_client_id_user_id_memberships_client_id_user_id_fk" FOREIGN KEY ("client_id","user_id") REFERENCES "public"."memberships"("client_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_checker_settings" ADD CONSTRAINT "maker_checker_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maker_checker_accounts_user_media_key" ON "maker_checker_accounts" USING btree ("client_id","user_id","media_type");--> statement-breakpoint
CREATE INDEX "maker_checker_accounts_email_idx" ON "maker_checker_accounts" USING btree ("client_id",lower("email"));