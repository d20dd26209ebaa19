ALTER TABLE "clients" ADD COLUMN "self_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Clients made by a sign-up before: no lead, and a contact whose privacy consent came from sign-up.
UPDATE "clients" SET "self_registered" = true WHERE "lead_id" IS NULL AND EXISTS (SELECT 1 FROM "profiles" p JOIN "consents" c ON c."user_id" = p."id" AND c."source" = 'sign-up' WHERE p."client_id" = "clients"."id") AND NOT EXISTS (SELECT 1 FROM "invitations" i WHERE i."client_id" = "clients"."id");
