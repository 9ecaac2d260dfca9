CREATE TABLE "email_imap_cursors" (
	"client_id" uuid NOT NULL,
	"channel_account_id" uuid NOT NULL,
	"uid_validity" text,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'connecting' NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_imap_cursors_client_id_channel_account_id_pk" PRIMARY KEY("client_id","channel_account_id")
);
--> statement-breakpoint
ALTER TABLE "email_imap_cursors" ADD CONSTRAINT "email_imap_cursors_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_imap_cursors_account_key" ON "email_imap_cursors" USING btree ("channel_account_id");