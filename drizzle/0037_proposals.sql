CREATE TABLE "proposal_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"package_name" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	CONSTRAINT "proposal_items_kind_check" CHECK ("proposal_items"."kind" in ('once-off', 'monthly')),
	CONSTRAINT "proposal_items_amount_check" CHECK ("proposal_items"."quantity" > 0 and "proposal_items"."unit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"lead_id" uuid,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"deposit_percent" integer DEFAULT 0 NOT NULL,
	"billing_day" integer DEFAULT 1 NOT NULL,
	"recipient_vat_number" text,
	"vat_basis_points" integer NOT NULL,
	"once_off_cents" integer DEFAULT 0 NOT NULL,
	"monthly_cents" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"signed_name" text,
	"signed_by" text,
	"signed_ip" text,
	"signed_user_agent" text,
	"content_hash" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('draft', 'sent', 'accepted', 'declined')),
	CONSTRAINT "proposals_deposit_check" CHECK ("proposals"."deposit_percent" between 0 and 100),
	CONSTRAINT "proposals_billing_day_check" CHECK ("proposals"."billing_day" between 1 and 28),
	CONSTRAINT "proposals_amounts_check" CHECK ("proposals"."once_off_cents" >= 0 and "proposals"."monthly_cents" >= 0),
	CONSTRAINT "proposals_signed_check" CHECK ("proposals"."status" <> 'accepted' or ("proposals"."signed_name" is not null and "proposals"."content_hash" is not null))
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "billing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_items" ADD CONSTRAINT "proposal_items_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_signed_by_user_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_items_position_idx" ON "proposal_items" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE INDEX "proposals_client_created_idx" ON "proposals" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_created_idx" ON "proposals" USING btree ("created_at","id");