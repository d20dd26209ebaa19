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
CREATE TRIGGER "figure_changes_leads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('leads');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_lead_day_counts" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lead_day_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('leads');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_lead_week_counts" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lead_week_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('leads');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_clients" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_projects" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_messages" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_activity" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activity"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_milestones" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "milestones"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_reviews" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
--> statement-breakpoint
CREATE TRIGGER "figure_changes_review_answers" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review_answers"
  FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
