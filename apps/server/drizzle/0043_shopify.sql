CREATE TABLE "shopify_automations" (
	"client_id" uuid NOT NULL,
	"event" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"template_id" uuid,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_automations_client_id_event_pk" PRIMARY KEY("client_id","event")
);
--> statement-breakpoint
CREATE TABLE "shopify_order_messages" (
	"client_id" uuid NOT NULL,
	"shop_domain" text NOT NULL,
	"order_id" text NOT NULL,
	"event" text NOT NULL,
	"message_id" uuid,
	"template_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_order_messages_client_id_shop_domain_order_id_event_pk" PRIMARY KEY("client_id","shop_domain","order_id","event")
);
--> statement-breakpoint
CREATE TABLE "shopify_orders" (
	"client_id" uuid NOT NULL,
	"shop_domain" text NOT NULL,
	"order_id" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" text,
	"customer_name" text,
	"phone" text,
	"email" text,
	"total_price" text NOT NULL,
	"currency" text NOT NULL,
	"financial_status" text,
	"fulfillment_status" text,
	"cancelled_at" timestamp with time zone,
	"ordered_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_orders_client_id_shop_domain_order_id_pk" PRIMARY KEY("client_id","shop_domain","order_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_stores" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"shop_domain" text NOT NULL,
	"shop_name" text NOT NULL,
	"shop_id" text,
	"access_token" text,
	"scope" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"channel_account_id" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"shop_domain" text NOT NULL,
	"webhook_id" text NOT NULL,
	"topic" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "shopify_automations" ADD CONSTRAINT "shopify_automations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_order_messages" ADD CONSTRAINT "shopify_order_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD CONSTRAINT "shopify_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD CONSTRAINT "shopify_stores_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_webhooks" ADD CONSTRAINT "shopify_webhooks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopify_order_messages_time_idx" ON "shopify_order_messages" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "shopify_orders_client_time_idx" ON "shopify_orders" USING btree ("client_id","ordered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_stores_shop_key" ON "shopify_stores" USING btree ("shop_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_webhooks_webhook_key" ON "shopify_webhooks" USING btree ("shop_domain","webhook_id");--> statement-breakpoint
CREATE INDEX "shopify_webhooks_pending_idx" ON "shopify_webhooks" USING btree ("next_attempt_at") WHERE "shopify_webhooks"."processed_at" is null;