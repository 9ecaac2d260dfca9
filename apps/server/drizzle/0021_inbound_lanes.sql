DROP INDEX "inbound_events_pending_idx";--> statement-breakpoint
ALTER TABLE "inbound_events" ADD COLUMN "lane" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "inbound_events_lane_pending_idx" ON "inbound_events" USING btree ("lane","received_at","id") WHERE "inbound_events"."processed_at" is null;