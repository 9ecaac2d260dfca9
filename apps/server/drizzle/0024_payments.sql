CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_id" text,
	"checkout_url" text,
	"paid_channel" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_client_created_idx" ON "payments" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_id_key" ON "payments" USING btree ("gateway","gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_top_up_key" ON "payments" USING btree ("client_id") WHERE "payments"."purpose" = 'top_up' and "payments"."status" = 'pending';