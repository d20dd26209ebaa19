ALTER TABLE "projects" ADD COLUMN "taken_on_at" timestamp (3) with time zone DEFAULT now();--> statement-breakpoint
-- Decision 050: a project is the agency's from the day it was made...
UPDATE "projects" SET "taken_on_at" = "created_at";
--> statement-breakpoint
-- ...unless a contact made it and the agency has done nothing on it yet (no milestone, no review,
-- no file from the team): it stays the contact's own until the agency takes it on.
UPDATE "projects" p SET "taken_on_at" = NULL
WHERE p."created_by" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = p."created_by")
  AND NOT EXISTS (SELECT 1 FROM "milestones" m WHERE m."project_id" = p."id")
  AND NOT EXISTS (SELECT 1 FROM "reviews" v WHERE v."project_id" = p."id")
  AND NOT EXISTS (
    SELECT 1 FROM "file_versions" f JOIN "user_roles" r ON r."user_id" = f."uploaded_by"
    WHERE f."project_id" = p."id"
  );
