CREATE TABLE "booking_days_off" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "booking_days_off_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "booking_hosts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"takes_meetings" boolean DEFAULT true NOT NULL,
	"busy_feed_url" text,
	"busy_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busy_fetched_at" timestamp with time zone,
	"busy_feed_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "booking_hours_weekday_check" CHECK ("booking_hours"."weekday" between 0 and 6),
	CONSTRAINT "booking_hours_range_check" CHECK ("booking_hours"."start_minute" >= 0 and "booking_hours"."end_minute" <= 1440 and "booking_hours"."start_minute" < "booking_hours"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "booking_units" (
	"host_id" text NOT NULL,
	"unit_start" timestamp with time zone NOT NULL,
	"booking_id" uuid NOT NULL,
	CONSTRAINT "booking_units_host_id_unit_start_pk" PRIMARY KEY("host_id","unit_start")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_type_id" uuid NOT NULL,
	"host_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"topic" text NOT NULL,
	"lead_id" uuid,
	"link_version" integer DEFAULT 1 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'cancelled', 'held', 'no-show')),
	CONSTRAINT "bookings_time_check" CHECK ("bookings"."starts_at" < "bookings"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "meeting_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"buffer_before" integer DEFAULT 0 NOT NULL,
	"buffer_after" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 240 NOT NULL,
	"max_days_ahead" integer DEFAULT 30 NOT NULL,
	"location" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_types_slug_unique" UNIQUE("slug"),
	CONSTRAINT "meeting_types_slug_check" CHECK ("meeting_types"."slug" ~ '^[a-z0-9-]{1,40}$'),
	CONSTRAINT "meeting_types_minutes_check" CHECK ("meeting_types"."minutes" between 5 and 480 and "meeting_types"."minutes" % 5 = 0),
	CONSTRAINT "meeting_types_buffers_check" CHECK ("meeting_types"."buffer_before" between 0 and 240 and "meeting_types"."buffer_before" % 5 = 0 and "meeting_types"."buffer_after" between 0 and 240 and "meeting_types"."buffer_after" % 5 = 0),
	CONSTRAINT "meeting_types_notice_check" CHECK ("meeting_types"."min_notice_minutes" between 0 and 43200),
	CONSTRAINT "meeting_types_ahead_check" CHECK ("meeting_types"."max_days_ahead" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_kind_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "booking_days_off" ADD CONSTRAINT "booking_days_off_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_units" ADD CONSTRAINT "booking_units_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_units" ADD CONSTRAINT "booking_units_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_meeting_type_id_meeting_types_id_fk" FOREIGN KEY ("meeting_type_id") REFERENCES "public"."meeting_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_hours_user_idx" ON "booking_hours" USING btree ("user_id","weekday");--> statement-breakpoint
CREATE INDEX "booking_units_booking_idx" ON "booking_units" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_host_starts_idx" ON "bookings" USING btree ("host_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_lead_idx" ON "bookings" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_kind_check" CHECK ("leads"."kind" in ('contact', 'quote', 'chat', 'booking'));--> statement-breakpoint
-- The two meeting types the site's buttons open (issue 33): 'Book Calendly Meeting' on /contact
-- books the 30-minute consultation, 'Schedule Voice Demo' on /demo the voice demo call. Hosts
-- change them (and add more) in the portal's Bookings.
INSERT INTO "meeting_types" ("slug", "name", "minutes", "buffer_before", "buffer_after", "min_notice_minutes", "max_days_ahead", "location")
VALUES
  ('consultation', '30-minute consultation', 30, 0, 15, 240, 30, 'Video call: your host e-mails the meeting link before the call'),
  ('voice-demo', 'Voice demo call', 30, 0, 15, 240, 30, 'Phone call: your host calls you on the number you give')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Bookings are an Analytics domain of their own (decision 028's counted tables): a statement
-- trigger counts every transaction that changes them, as migration 0016's do.
CREATE TRIGGER "figure_changes_bookings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('bookings');
