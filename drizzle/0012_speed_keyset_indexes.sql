DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "activity_project_created_idx";--> statement-breakpoint
DROP INDEX "activity_client_created_idx";--> statement-breakpoint
DROP INDEX "activity_created_idx";--> statement-breakpoint
DROP INDEX "messages_client_created_idx";--> statement-breakpoint
DROP INDEX "messages_created_idx";--> statement-breakpoint
DROP INDEX "projects_client_created_idx";--> statement-breakpoint
DROP INDEX "projects_created_idx";--> statement-breakpoint
CREATE INDEX "leads_created_id_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_kind_created_idx" ON "leads" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_project_created_idx" ON "activity" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_client_created_idx" ON "activity" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_client_created_idx" ON "messages" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_client_created_idx" ON "projects" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");