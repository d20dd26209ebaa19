CREATE TABLE "whatsapp_conversations" (
	"wa_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"turns" jsonb NOT NULL,
	"lead_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "whatsapp_wa_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_conversations" ADD CONSTRAINT "whatsapp_conversations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;