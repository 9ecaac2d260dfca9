DROP INDEX "whatsapp_templates_name_key";--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "previous_category" text;--> statement-breakpoint
CREATE INDEX "whatsapp_templates_deleted_name_idx" ON "whatsapp_templates" USING btree ("client_id","name","deleted_at") WHERE "whatsapp_templates"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_templates_provider_idx" ON "whatsapp_templates" USING btree ("client_id","provider_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_key" ON "whatsapp_templates" USING btree ("client_id","name") WHERE "whatsapp_templates"."deleted_at" is null;