ALTER TABLE "file_versions" DROP CONSTRAINT "file_versions_ready_check";--> statement-breakpoint
ALTER TABLE "file_versions" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_versions_message_idx" ON "file_versions" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_owner_check" CHECK ("file_versions"."project_id" is not null or ("file_versions"."file_id" is null and "file_versions"."message_id" is not null) or "file_versions"."state" = 'pending');--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_ready_check" CHECK ("file_versions"."state" = 'pending' or "file_versions"."message_id" is not null or ("file_versions"."file_id" is not null and "file_versions"."number" is not null));