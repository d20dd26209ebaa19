CREATE TABLE "notification_occasions" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN "review_reminder_days" integer DEFAULT 3 NOT NULL;