CREATE TABLE "whatsapp_inbound" (
	"id" text PRIMARY KEY NOT NULL,
	"wa_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_numbers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"wa_id" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"awaiting_comment_for" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid,
	"user_id" text,
	"wa_id" text NOT NULL,
	"text" text NOT NULL,
	"buttons" jsonb,
	"template" jsonb,
	"review_id" uuid,
	"message_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_as" text,
	"provider_message_id" text,
	"delivery_status" text,
	"delivery_status_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_outbox_status_check" CHECK ("whatsapp_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_purpose_check";--> statement-breakpoint
ALTER TABLE "review_answers" ADD COLUMN "channel" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_numbers" ADD CONSTRAINT "whatsapp_numbers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_numbers" ADD CONSTRAINT "whatsapp_numbers_awaiting_comment_for_reviews_id_fk" FOREIGN KEY ("awaiting_comment_for") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_wa_received_idx" ON "whatsapp_inbound" USING btree ("wa_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_numbers_confirmed_idx" ON "whatsapp_numbers" USING btree ("wa_id") WHERE "whatsapp_numbers"."confirmed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_notification_idx" ON "whatsapp_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_provider_idx" ON "whatsapp_outbox" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_due_idx" ON "whatsapp_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_user_idx" ON "whatsapp_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_review_idx" ON "whatsapp_outbox" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_message_idx" ON "whatsapp_outbox" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('privacy-notice', 'marketing', 'whatsapp'));