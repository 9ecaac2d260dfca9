CREATE TABLE "seller_couriers" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"fee_type" text NOT NULL,
	"fee" bigint NOT NULL,
	"thresholds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimate_time" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_couriers_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "transaction_counters" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by_user_id" uuid,
	"notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_events_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "transaction_items" (
	"client_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"sku" text,
	"unit_price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"subtotal" bigint NOT NULL,
	"weight_grams" bigint NOT NULL,
	CONSTRAINT "transaction_items_client_id_transaction_id_position_pk" PRIMARY KEY("client_id","transaction_id","position")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"number" text NOT NULL,
	"client_request_id" uuid,
	"ticket_id" uuid,
	"contact_id" uuid,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"delivery" text NOT NULL,
	"courier_name" text,
	"courier_estimate" text,
	"address" jsonb,
	"note" text,
	"subtotal" bigint NOT NULL,
	"shipping_fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"weight_grams" bigint NOT NULL,
	"item_count" integer NOT NULL,
	"status" text DEFAULT 'new_order' NOT NULL,
	"payment_id" uuid,
	"payment_url" text,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
DROP INDEX "products_list_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
ALTER TABLE "seller_couriers" ADD CONSTRAINT "seller_couriers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_counters" ADD CONSTRAINT "transaction_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_client_id_transaction_id_transactions_client_id_id_fk" FOREIGN KEY ("client_id","transaction_id") REFERENCES "public"."transactions"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_client_id_transaction_id_transactions_client_id_id_fk" FOREIGN KEY ("client_id","transaction_id") REFERENCES "public"."transactions"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_couriers_position_idx" ON "seller_couriers" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "transaction_events_order_idx" ON "transaction_events" USING btree ("client_id","transaction_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_seq_key" ON "transactions" USING btree ("client_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_request_key" ON "transactions" USING btree ("client_id","client_request_id");--> statement-breakpoint
CREATE INDEX "transactions_status_list_idx" ON "transactions" USING btree ("client_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_list_idx" ON "transactions" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_contact_idx" ON "transactions" USING btree ("client_id","contact_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_key" ON "transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "transactions_number_trgm_idx" ON "transactions" USING gin ("number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "transactions_customer_trgm_idx" ON "transactions" USING gin ("customer_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_list_idx" ON "products" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops) WITH (fastupdate=false);