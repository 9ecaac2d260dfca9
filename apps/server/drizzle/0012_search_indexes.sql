-- Custom migration (search module): indexes of the find lists on tables other modules own. Written by hand
-- because drizzle declares indexes only inside a table's own definition; IF NOT EXISTS so a database that
-- already has them (the bench's generated data) keeps them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Ticket list (Daftar Chat): newest created first, keyset on (created_at, id).
CREATE INDEX IF NOT EXISTS "tickets_list_created_idx" ON "tickets" ("client_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- Chat history and closed-range filters: resolved tickets, newest resolved first, keyset on (resolved_at, id).
CREATE INDEX IF NOT EXISTS "tickets_list_resolved_idx" ON "tickets" ("client_id", "status", "resolved_at" DESC, "id" DESC);--> statement-breakpoint
-- Message keyword search over all time (substring, any language): trigrams of the message text.
CREATE INDEX IF NOT EXISTS "messages_text_trgm_idx" ON "messages" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
-- Remarks search and the customer's email in "customer info".
CREATE INDEX IF NOT EXISTS "tickets_remarks_trgm_idx" ON "tickets" USING gin ("remarks" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);
