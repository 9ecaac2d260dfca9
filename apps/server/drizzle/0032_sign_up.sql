CREATE TABLE "sign_up_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sign_up_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"referral_code" text,
	"address_hash" text NOT NULL,
	"phone_verified_at" timestamp with time zone,
	"store" jsonb,
	"waba" jsonb,
	"client_id" uuid,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_ups_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sign_up_codes" ADD CONSTRAINT "sign_up_codes_sign_up_id_sign_ups_id_fk" FOREIGN KEY ("sign_up_id") REFERENCES "public"."sign_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ups" ADD CONSTRAINT "sign_ups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_up_codes_phone_idx" ON "sign_up_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sign_up_codes_sign_up_idx" ON "sign_up_codes" USING btree ("sign_up_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_ups_address_idx" ON "sign_ups" USING btree ("address_hash","created_at");