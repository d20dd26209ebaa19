-- Every stay of a person in a client (decision 034): this trigger closes the stay a profile
-- leaves and opens the one it joins, whatever makes the change (sign-up, an invitation, the Team
-- page, the roles command, an erasure), so the record cannot miss one.
CREATE FUNCTION "client_memberships_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."client_id" IS NOT DISTINCT FROM OLD."client_id" THEN
      RETURN NULL;
    END IF;
    IF OLD."client_id" IS NOT NULL THEN
      UPDATE "client_memberships" SET "left_at" = now()
        WHERE "user_id" = OLD."id" AND "client_id" = OLD."client_id" AND "left_at" IS NULL;
    END IF;
  END IF;
  IF NEW."client_id" IS NOT NULL THEN
    INSERT INTO "client_memberships" ("user_id", "client_id", "joined_at")
      VALUES (NEW."id", NEW."client_id", now());
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "client_memberships_follow" AFTER INSERT OR UPDATE OF "client_id" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "client_memberships_follow"();
--> statement-breakpoint
-- The stays before this migration: each person's current one, since the invitation they accepted
-- to it, or else since their account was made (earlier stays were not recorded).
INSERT INTO "client_memberships" ("user_id", "client_id", "joined_at")
SELECT p."id", p."client_id", coalesce(
    (SELECT max(i."accepted_at") FROM "invitations" i
      WHERE i."accepted_by" = p."id" AND i."client_id" = p."client_id"),
    u."created_at")
  FROM "profiles" p JOIN "user" u ON u."id" = p."id"
  WHERE p."client_id" IS NOT NULL;
--> statement-breakpoint
-- An accepted invitation proved the address it was sent to (decision 034).
UPDATE "user" u SET "email_verified" = true
  WHERE NOT u."email_verified"
    AND EXISTS (SELECT 1 FROM "invitations" i
      WHERE i."accepted_by" = u."id" AND i."email" = lower(u."email"));
