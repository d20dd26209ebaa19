CREATE TABLE "internal_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"project_id" uuid,
	"lead_id" uuid,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internal_notes_body_check" CHECK (length("internal_notes"."body") between 1 and 5000),
	CONSTRAINT "internal_notes_one_owner" CHECK (num_nonnulls("internal_notes"."client_id", "internal_notes"."project_id", "internal_notes"."lead_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "audience" text DEFAULT 'client' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internal_notes_client_idx" ON "internal_notes" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "internal_notes_project_idx" ON "internal_notes" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "internal_notes_lead_idx" ON "internal_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_audience_check" CHECK ("activity"."audience" in ('client', 'agency'));--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_internal_check" CHECK (not "project_files"."internal" or "project_files"."side" = 'agency');--> statement-breakpoint
-- The agency's past edits of its projects (progress, renames, status) were internal (decision 066).
UPDATE "activity" SET "audience" = 'agency' WHERE "kind" = 'project.updated' AND "actor_id" IN (SELECT "user_id" FROM "user_roles");
