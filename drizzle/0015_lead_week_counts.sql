CREATE TABLE "lead_week_counts" (
	"week" date NOT NULL,
	"kind" text NOT NULL,
	"package_name" text NOT NULL,
	"status" text NOT NULL,
	"source_path" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_week_counts_week_kind_package_name_status_source_path_pk" PRIMARY KEY("week","kind","package_name","status","source_path")
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers). The trigger leads_day_counts keeps
-- the week counts too, in the same statement as the day counts. A week starts on a Monday
-- (5 January 1970 was one) and its days are South African days (UTC+2 all year).
CREATE OR REPLACE FUNCTION "lead_day_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "d" date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    "d" := ((OLD."created_at" AT TIME ZONE 'UTC') + interval '2 hours')::date;
    UPDATE "lead_day_counts" SET "leads" = "leads" - 1
     WHERE "day" = "d"
       AND "kind" = OLD."kind" AND "package_name" = coalesce(OLD."package_name", '')
       AND "status" = OLD."status" AND "source_path" = coalesce(OLD."source_path", '');
    UPDATE "lead_week_counts" SET "leads" = "leads" - 1
     WHERE "week" = "d" - (("d" - date '1970-01-05') % 7)
       AND "kind" = OLD."kind" AND "package_name" = coalesce(OLD."package_name", '')
       AND "status" = OLD."status" AND "source_path" = coalesce(OLD."source_path", '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    "d" := ((NEW."created_at" AT TIME ZONE 'UTC') + interval '2 hours')::date;
    INSERT INTO "lead_day_counts" ("day", "kind", "package_name", "status", "source_path", "leads")
    VALUES ("d", NEW."kind", coalesce(NEW."package_name", ''), NEW."status",
            coalesce(NEW."source_path", ''), 1)
    ON CONFLICT ("day", "kind", "package_name", "status", "source_path")
    DO UPDATE SET "leads" = "lead_day_counts"."leads" + 1;
    INSERT INTO "lead_week_counts" ("week", "kind", "package_name", "status", "source_path", "leads")
    VALUES ("d" - (("d" - date '1970-01-05') % 7), NEW."kind", coalesce(NEW."package_name", ''),
            NEW."status", coalesce(NEW."source_path", ''), 1)
    ON CONFLICT ("week", "kind", "package_name", "status", "source_path")
    DO UPDATE SET "leads" = "lead_week_counts"."leads" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "lead_week_counts" ("week", "kind", "package_name", "status", "source_path", "leads")
SELECT "day" - (("day" - date '1970-01-05') % 7), "kind", "package_name", "status",
       "source_path", sum("leads")
  FROM "lead_day_counts" GROUP BY 1, 2, 3, 4, 5;
