CREATE TABLE "subscription_orders" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"package" text NOT NULL,
	"months" integer NOT NULL,
	"extra_users" integer DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" uuid NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "subscription_orders_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "extra_users" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_payment_key" ON "subscription_orders" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "subscription_orders_client_created_idx" ON "subscription_orders" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_one_pending_key" ON "subscription_orders" USING btree ("client_id") WHERE "subscription_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "clients_subscription_ends_idx" ON "clients" USING btree ("subscription_ends_at") WHERE "clients"."account_status" in ('Active', 'Free Trial');