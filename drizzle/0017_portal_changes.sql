-- The tables the portal's kept pages read beyond the work figures' (the 'portal' domain of
-- FIGURE_DOMAINS in app/server/analytics/figure-cache.server.ts, decision 029): a statement
-- trigger on each counts every transaction that changes it, as migration 0016's do.
DO $$
DECLARE
  "t" text;
BEGIN
  FOREACH "t" IN ARRAY ARRAY['message_reads', 'user', 'profiles'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"(%L)',
      'figure_changes_' || "t", "t", 'portal');
  END LOOP;
END $$;
