CREATE TABLE "portal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_admin_two_factor" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_settings_single_row" CHECK ("portal_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD CONSTRAINT "portal_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;