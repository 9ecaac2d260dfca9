CREATE TABLE "auto_close_due" (
	"client_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	CONSTRAINT "auto_close_due_client_id_ticket_id_pk" PRIMARY KEY("client_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "push_notices" (
	"dedupe_key" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_notices_dedupe_key_subscription_id_pk" PRIMARY KEY("dedupe_key","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "push_presence" (
	"session_id" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE INDEX "auto_close_due_at_idx" ON "auto_close_due" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "push_presence_user_idx" ON "push_presence" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");