ALTER TABLE "file_versions" ADD COLUMN "storage" text DEFAULT 'db' NOT NULL;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "file_versions_storage_idx" ON "file_versions" USING btree ("storage","storage_key");--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_storage_check" CHECK ("file_versions"."storage" in ('db', 'disk', 's3'));