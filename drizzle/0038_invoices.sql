CREATE TABLE "billing_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"reason" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"proposal_id" uuid,
	"kind" text NOT NULL,
	"period" text,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"description" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_address" text,
	"recipient_vat_number" text,
	"vat_basis_points" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('deposit', 'retainer', 'one-off')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('issued', 'part-paid', 'paid', 'void')),
	CONSTRAINT "invoices_period_check" CHECK (("invoices"."kind" = 'retainer') = ("invoices"."period" is not null)),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."vat_cents" >= 0 and "invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."vat_cents" and "invoices"."paid_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_serial_idx" ON "credit_notes" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_serial_idx" ON "invoices" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_deposit_idx" ON "invoices" USING btree ("proposal_id") WHERE "invoices"."kind" = 'deposit';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_retainer_period_idx" ON "invoices" USING btree ("proposal_id","period") WHERE "invoices"."kind" = 'retainer';--> statement-breakpoint
CREATE INDEX "invoices_client_created_idx" ON "invoices" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id");