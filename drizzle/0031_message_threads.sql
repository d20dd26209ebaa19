CREATE TABLE "message_threads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid,
	"subject" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_id" uuid;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_threads_client_last_idx" ON "message_threads" USING btree ("client_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "message_threads_last_idx" ON "message_threads" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "message_threads_project_idx" ON "message_threads" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_created_idx" ON "messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
-- Hand-written below (decision 068). Existing messages become conversations: a message that is
-- not a reply ('Re: …') starts one, as does a reply with no earlier message of its client under
-- the subject it answers; every other reply joins the newest conversation of its client with
-- that subject started before it. A conversation's id is its first message's.
INSERT INTO "message_threads" ("id", "client_id", "project_id", "subject", "created_at", "last_message_at")
SELECT m."id", m."client_id", m."project_id", m."subject", m."created_at", m."created_at"
  FROM "messages" m
 WHERE m."subject" !~* '^\s*re:'
    OR NOT EXISTS (
      SELECT 1 FROM "messages" o
       WHERE o."client_id" = m."client_id"
         AND lower(regexp_replace(btrim(o."subject"), '^(re:\s*)+', '', 'i'))
           = lower(regexp_replace(btrim(m."subject"), '^(re:\s*)+', '', 'i'))
         AND (o."created_at", o."id") < (m."created_at", m."id"));
--> statement-breakpoint
UPDATE "messages" m SET "thread_id" = m."id"
 WHERE EXISTS (SELECT 1 FROM "message_threads" t WHERE t."id" = m."id");
--> statement-breakpoint
UPDATE "messages" m SET "thread_id" = (
  SELECT t."id" FROM "message_threads" t
   WHERE t."client_id" = m."client_id"
     AND lower(regexp_replace(btrim(t."subject"), '^(re:\s*)+', '', 'i'))
       = lower(regexp_replace(btrim(m."subject"), '^(re:\s*)+', '', 'i'))
     AND (t."created_at", t."id") < (m."created_at", m."id")
   ORDER BY t."created_at" DESC, t."id" DESC LIMIT 1)
 WHERE m."thread_id" IS NULL;
--> statement-breakpoint
UPDATE "message_threads" t SET "last_message_at" = (
  SELECT max(m."created_at") FROM "messages" m WHERE m."thread_id" = t."id");
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "thread_id" SET NOT NULL;
--> statement-breakpoint
-- From now on, whichever code path stores a message: without a thread it starts its own (same
-- id, client, project and subject); with one, it must be of the thread's client, and the
-- thread's last_message_at follows it.
CREATE FUNCTION "messages_thread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."thread_id" IS NULL THEN
    INSERT INTO "message_threads" ("id", "client_id", "project_id", "subject", "created_at", "last_message_at")
    VALUES (NEW."id", NEW."client_id", NEW."project_id", NEW."subject", NEW."created_at", NEW."created_at")
    -- A message stored again (a seed run twice, ON CONFLICT DO NOTHING) finds its thread there.
    ON CONFLICT ("id") DO NOTHING;
    NEW."thread_id" := NEW."id";
  ELSE
    UPDATE "message_threads" SET "last_message_at" = greatest("last_message_at", NEW."created_at")
     WHERE "id" = NEW."thread_id" AND "client_id" = NEW."client_id";
    IF NOT FOUND THEN
      RAISE EXCEPTION 'message thread % is not of client %', NEW."thread_id", NEW."client_id"
        USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_thread" BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_thread"();
--> statement-breakpoint
-- The portal's kept pages read conversations: a change to one counts in the 'work' domain, as
-- a change to messages does (migration 0016, CHANGE_TABLES in workspace/changes.server.ts).
CREATE TRIGGER "figure_changes_message_threads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "message_threads" FOR EACH STATEMENT EXECUTE FUNCTION "figure_changes_count"('work');
