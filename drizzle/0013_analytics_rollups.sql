CREATE TABLE "lead_day_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"package_name" text NOT NULL,
	"status" text NOT NULL,
	"source_path" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_day_counts_day_kind_package_name_status_source_path_pk" PRIMARY KEY("day","kind","package_name","status","source_path")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "leads_first_change_idx" ON "leads" USING btree ("created_at","kind","first_status_change_at") WHERE "leads"."first_status_change_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_unanswered_idx" ON "messages" USING btree ("client_id","from_agency") WHERE "messages"."reply_at" is null;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers). Analytics' rollups are kept by the
-- database itself, in the same transaction as the change, whichever code path writes.
--
-- lead_day_counts: one count per South African day (UTC+2 all year) and group.
CREATE FUNCTION "lead_day_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "lead_day_counts" SET "leads" = "leads" - 1
     WHERE "day" = ((OLD."created_at" AT TIME ZONE 'UTC') + interval '2 hours')::date
       AND "kind" = OLD."kind" AND "package_name" = coalesce(OLD."package_name", '')
       AND "status" = OLD."status" AND "source_path" = coalesce(OLD."source_path", '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "lead_day_counts" ("day", "kind", "package_name", "status", "source_path", "leads")
    VALUES (((NEW."created_at" AT TIME ZONE 'UTC') + interval '2 hours')::date, NEW."kind",
            coalesce(NEW."package_name", ''), NEW."status", coalesce(NEW."source_path", ''), 1)
    ON CONFLICT ("day", "kind", "package_name", "status", "source_path")
    DO UPDATE SET "leads" = "lead_day_counts"."leads" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "leads_day_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "created_at", "kind", "package_name", "status", "source_path"
  ON "leads" FOR EACH ROW EXECUTE FUNCTION "lead_day_counts_apply"();
--> statement-breakpoint
INSERT INTO "lead_day_counts" ("day", "kind", "package_name", "status", "source_path", "leads")
SELECT ((l."created_at" AT TIME ZONE 'UTC') + interval '2 hours')::date, l."kind",
       coalesce(l."package_name", ''), l."status", coalesce(l."source_path", ''), count(*)
  FROM "leads" l GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- messages.reply_at: the other side's first message after this one in the same conversation.
-- A new message answers every earlier unanswered one of the other side (index
-- messages_unanswered_idx); stored before a later one (an import), it also takes the later
-- answer's time and answers sooner any earlier message answered after it.
CREATE FUNCTION "messages_reply_at_before"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."reply_at" IS NULL THEN
    SELECT min(m."created_at") INTO NEW."reply_at" FROM "messages" m
     WHERE m."client_id" = NEW."client_id" AND m."from_agency" <> NEW."from_agency"
       AND m."created_at" > NEW."created_at";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "messages_reply_at_after"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "messages" SET "reply_at" = NEW."created_at"
   WHERE "client_id" = NEW."client_id" AND "from_agency" <> NEW."from_agency"
     AND "reply_at" IS NULL AND "created_at" < NEW."created_at";
  IF EXISTS (SELECT 1 FROM "messages" m WHERE m."client_id" = NEW."client_id"
                AND m."created_at" > NEW."created_at") THEN
    UPDATE "messages" SET "reply_at" = NEW."created_at"
     WHERE "client_id" = NEW."client_id" AND "from_agency" <> NEW."from_agency"
       AND "created_at" < NEW."created_at" AND "reply_at" > NEW."created_at";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_reply_at_before" BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_reply_at_before"();
--> statement-breakpoint
CREATE TRIGGER "messages_reply_at_after" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_reply_at_after"();
--> statement-breakpoint
UPDATE "messages" m SET "reply_at" = t."reply_at"
  FROM (SELECT "id",
               CASE WHEN "from_agency"
                    THEN min("created_at") FILTER (WHERE NOT "from_agency") OVER later
                    ELSE min("created_at") FILTER (WHERE "from_agency") OVER later
               END AS "reply_at"
          FROM "messages"
        WINDOW later AS (PARTITION BY "client_id" ORDER BY "created_at" DESC, "id" DESC
                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) t
 WHERE t."id" = m."id" AND t."reply_at" IS NOT NULL;
