CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"account_no" text NOT NULL,
	"account_holder" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"inquiry_status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_mutations" (
	"client_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_mutations_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"account_no" text NOT NULL,
	"account_holder" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_id" text,
	"failure_code" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_mutations" ADD CONSTRAINT "wallet_mutations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_client_number_key" ON "bank_accounts" USING btree ("client_id","bank","account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_primary_key" ON "bank_accounts" USING btree ("client_id") WHERE "bank_accounts"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_mutations_reference_key" ON "wallet_mutations" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "wallet_mutations_client_created_idx" ON "wallet_mutations" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_client_status_idx" ON "withdrawals" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_gateway_id_key" ON "withdrawals" USING btree ("gateway_id");