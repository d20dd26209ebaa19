DROP INDEX "project_files_name_idx";--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "side" text DEFAULT 'agency' NOT NULL;--> statement-breakpoint
-- Decision 051: a file a contact started is the client's ('From client'); the rest the agency's.
UPDATE "project_files" f SET "side" = 'client'
WHERE f."created_by" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = f."created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "project_files_name_idx" ON "project_files" USING btree ("project_id","side","name_key");--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_side_check" CHECK ("project_files"."side" in ('agency', 'client'));
