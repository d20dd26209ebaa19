CREATE TABLE "build_assets" (
	"path" text PRIMARY KEY NOT NULL,
	"body" "bytea" NOT NULL,
	"br" "bytea",
	"gz" "bytea",
	"last_seen_at" timestamp with time zone NOT NULL
);
