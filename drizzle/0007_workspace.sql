CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid,
	"actor_id" text,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_name_check" CHECK (length("clients"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"client_id" uuid,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_recipient_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_user_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "messages_recipient_idx";--> statement-breakpoint
DROP INDEX "projects_user_created_idx";--> statement-breakpoint
DROP INDEX "messages_sender_idx";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_agency" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "message_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "created_by" text;--> statement-breakpoint
-- Existing data moves into one client per person (decision 018): every customer gets a client
-- named after them; an administrator only when they own projects or notes, so nothing is lost.
ALTER TABLE "clients" ADD COLUMN "migrated_from" text;--> statement-breakpoint
INSERT INTO "profiles" ("id") SELECT "id" FROM "user" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "clients" ("name", "migrated_from", "created_at")
SELECT left(coalesce(nullif(btrim(p."full_name"), ''), nullif(btrim(u."name"), ''), u."email"), 200), u."id", u."created_at"
FROM "user" u
LEFT JOIN "profiles" p ON p."id" = u."id"
WHERE NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id")
   OR EXISTS (SELECT 1 FROM "projects" pr WHERE pr."user_id" = u."id")
   OR EXISTS (SELECT 1 FROM "messages" m WHERE m."recipient_id" = u."id"
              AND EXISTS (SELECT 1 FROM "user_roles" sr WHERE sr."user_id" = m."sender_id"));--> statement-breakpoint
UPDATE "profiles" p SET "client_id" = c."id" FROM "clients" c
WHERE c."migrated_from" = p."id"
  AND NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = p."id")
  AND NOT EXISTS (SELECT 1 FROM "account_deletions" d WHERE d."user_id" = p."id" AND d."erased_at" IS NOT NULL);--> statement-breakpoint
UPDATE "projects" pr SET "client_id" = c."id", "created_by" = pr."user_id" FROM "clients" c
WHERE c."migrated_from" = pr."user_id";--> statement-breakpoint
UPDATE "messages" m SET
  -- Only staff could write to someone else, so such a message is the agency's even when its
  -- sender has lost the role (or the account) since.
  "from_agency" = m."sender_id" <> m."recipient_id"
    OR EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = m."sender_id"),
  "client_id" = coalesce(
    (SELECT c."id" FROM "clients" c WHERE c."migrated_from" = m."recipient_id"
       AND NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = m."recipient_id")),
    (SELECT c."id" FROM "clients" c WHERE c."migrated_from" = m."sender_id"
       AND NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = m."sender_id")),
    (SELECT c."id" FROM "clients" c WHERE c."migrated_from" = m."recipient_id"));--> statement-breakpoint
INSERT INTO "message_reads" ("message_id", "user_id", "read_at")
SELECT m."id", m."recipient_id", m."created_at" FROM "messages" m
WHERE m."is_read" AND m."recipient_id" <> m."sender_id";--> statement-breakpoint
-- An erased account (a tombstone) belongs to no client (decision 018); its client stays only
-- when it holds what the person had received.
DELETE FROM "clients" c
WHERE c."migrated_from" IN (SELECT d."user_id" FROM "account_deletions" d WHERE d."erased_at" IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "projects" pr WHERE pr."client_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "messages" m WHERE m."client_id" = c."id");--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "migrated_from";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "client_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "from_agency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "client_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_project_created_idx" ON "activity" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_client_created_idx" ON "activity" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("name");--> statement-breakpoint
CREATE INDEX "invitations_client_idx" ON "invitations" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "message_reads_user_idx" ON "message_reads" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_client_created_idx" ON "messages" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_project_idx" ON "messages" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "profiles_client_idx" ON "profiles" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "projects_client_created_idx" ON "projects" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "recipient_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "is_read";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "user_id";