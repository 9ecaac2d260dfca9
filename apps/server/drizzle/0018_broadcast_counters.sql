CREATE TABLE "broadcast_counters" (
	"client_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"source" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "broadcast_counters_client_id_broadcast_id_source_pk" PRIMARY KEY("client_id","broadcast_id","source")
);
