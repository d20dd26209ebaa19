CREATE TABLE "billing_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text,
	"address" text,
	"registration_number" text,
	"vat_number" text,
	"bank_name" text,
	"account_holder" text,
	"account_number" text,
	"branch_code" text,
	"payment_days" integer DEFAULT 7 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_details_single_row" CHECK ("billing_details"."id" = 1),
	CONSTRAINT "billing_details_payment_days_check" CHECK ("billing_details"."payment_days" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"starts_on" date PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_basis_points_check" CHECK ("vat_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- South Africa's standard rate since 1 April 2018 (decision 071): a later change is one more row.
INSERT INTO "vat_rates" ("starts_on", "basis_points") VALUES ('2018-04-01', 1500) ON CONFLICT DO NOTHING;
