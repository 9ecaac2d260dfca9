CREATE TABLE "invoice_documents" (
	"invoice_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"mime" text NOT NULL,
	"file_name" text NOT NULL,
	"declared_size" integer NOT NULL,
	"storage_key" text,
	"size" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"number" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb NOT NULL,
	"net" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"usage_date" date NOT NULL,
	"confirmation_due_date" date NOT NULL,
	"final_invoice_due_date" date,
	"payment_due_date" date,
	"approval" text,
	"bast_signer_name" text,
	"bast_signer_title" text,
	"bast_signed_at" timestamp with time zone,
	"bast_signed_by" uuid,
	"rejection_reason" text,
	"payment_id" uuid,
	"proof_key" text,
	"proof_uploaded_at" timestamp with time zone,
	"proof_verify_by_date" date,
	"paid_at" timestamp with time zone,
	"settled_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_uploads" ADD CONSTRAINT "invoice_uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_kind_key" ON "invoice_documents" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_client_period_key" ON "invoices" USING btree ("client_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoices_client_status_idx" ON "invoices" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");