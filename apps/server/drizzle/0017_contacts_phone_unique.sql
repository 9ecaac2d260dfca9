-- Hand-added (issue 6, session 3): phones are stored as digits with the country code; live-chat contacts
-- could keep a leading +. Then one contact per number in a business: of contacts sharing a number the
-- oldest keeps it and the others lose it (their channel identities, tickets and data stay; replies go to
-- the identity, not to this column), so the unique index below can be built.
UPDATE "contacts" SET "phone" = substr("phone", 2) WHERE "phone" LIKE '+%';--> statement-breakpoint
UPDATE "contacts" SET "phone" = NULL, "updated_at" = now()
FROM (
  SELECT "client_id", "id", row_number() OVER (PARTITION BY "client_id", "phone" ORDER BY "created_at", "id") AS n
  FROM "contacts" WHERE "phone" IS NOT NULL
) AS d
WHERE "contacts"."client_id" = d."client_id" AND "contacts"."id" = d."id" AND d.n > 1;--> statement-breakpoint
DROP INDEX "contacts_phone_idx";--> statement-breakpoint
ALTER TABLE "contact_uploads" ADD COLUMN "columns" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_phone_key" ON "contacts" USING btree ("client_id","phone");
