CREATE TABLE "chat_credit_windows" (
	"client_id" uuid NOT NULL,
	"chat_room_id" uuid NOT NULL,
	"category" text NOT NULL,
	"media_platform" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_by_message_id" uuid,
	"mutation_id" uuid,
	CONSTRAINT "chat_credit_windows_client_id_chat_room_id_category_pk" PRIMARY KEY("client_id","chat_room_id","category")
);
--> statement-breakpoint
ALTER TABLE "chat_credit_mutations" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "chat_credit_mutations" ADD COLUMN "bonus_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_credit_mutations" ADD COLUMN "bonus_balance_after" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_credit_windows" ADD CONSTRAINT "chat_credit_windows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_credit_mutations_client_created_idx" ON "chat_credit_mutations" USING btree ("client_id","created_at","id");--> statement-breakpoint
-- The ledger starts where each wallet stands: an opening row for what no mutation row explains (seeded balances).
INSERT INTO "chat_credit_mutations" ("client_id", "id", "description", "kind", "status", "amount", "balance_after", "bonus_amount", "bonus_balance_after", "reference_type", "reference_id", "created_at")
SELECT w."client_id", gen_random_uuid(), 'opening', 'top_up', 'success',
  w."balance" - coalesce(m."paid", 0), w."balance" - coalesce(m."paid", 0),
  w."balance_bonus", w."balance_bonus", 'opening', w."client_id"::text,
  coalesce(m."first" - interval '1 millisecond', now())
FROM "chat_credit_wallets" w
LEFT JOIN (
  SELECT "client_id", sum("amount") FILTER (WHERE "status" = 'success') AS "paid", min("created_at") AS "first"
  FROM "chat_credit_mutations" GROUP BY "client_id"
) m ON m."client_id" = w."client_id"
WHERE w."balance" <> coalesce(m."paid", 0) OR w."balance_bonus" <> 0;
