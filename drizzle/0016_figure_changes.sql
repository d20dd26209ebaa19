CREATE TABLE "figure_changes" (
	"domain" text NOT NULL,
	"xact" bigint NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "figure_changes_domain_xact_pk" PRIMARY KEY("domain","xact")
);
--> statement-breakpoint
-- One row per transaction and domain that changed a table Analytics' figures read (decision 028).
CREATE FUNCTION "figure_changes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "figure_changes" ("domain", "xact", "changes")
  VALUES (TG_ARGV[0], pg_current_xact_id()::text::bigint, 1)
  ON CONFLICT ("domain", "xact") DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables each domain's figures read (FIGURE_DOMAINS in app/server/analytics/figure-cache.server.ts).
DO $$
DECLARE
  "t" record;
BEGIN
  FOR "t" IN SELECT * FROM (VALUES
    ('leads', 'leads'), ('lead_day_counts', 'leads'), ('lead_week_counts', 'leads'),
    ('clients', 'work'), ('projects', 'work'), ('messages', 'work'), ('activity', 'work'),
    ('milestones', 'work'), ('reviews', 'work'), ('review_answers', 'work')
  ) AS "v" ("tbl", "domain") LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"(%L)',
      'figure_changes_' || "t"."tbl", "t"."tbl", "t"."domain");
  END LOOP;
END $$;
