CREATE TABLE "shopify_installs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"shop_domain" text NOT NULL,
	"shop_name" text NOT NULL,
	"shop_id" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"access_token" text,
	"scope" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_ups" ADD COLUMN "shopify" jsonb;--> statement-breakpoint
ALTER TABLE "shopify_installs" ADD CONSTRAINT "shopify_installs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_installs_token_key" ON "shopify_installs" USING btree ("token_hash");