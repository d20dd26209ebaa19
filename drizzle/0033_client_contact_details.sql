ALTER TABLE "clients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address" text;--> statement-breakpoint
-- Clients converted before: their lead's phone and address (decision 067).
UPDATE "clients" SET "phone" = "leads"."phone", "address" = "leads"."address" FROM "leads" WHERE "clients"."lead_id" = "leads"."id";
