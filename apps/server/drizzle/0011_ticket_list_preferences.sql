CREATE TABLE "ticket_list_preferences" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"columns" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_list_preferences_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_list_preferences" ADD CONSTRAINT "ticket_list_preferences_client_id_user_id_memberships_client_id_user_id_fk" FOREIGN KEY ("client_id","user_id") REFERENCES "public"."memberships"("client_id","user_id") ON DELETE cascade ON UPDATE no action;