-- Decision 089: message e-mails are the 'New message' kind's e-mail choice. A contact who had
-- turned 'E-mail me when a new message arrives' off keeps it off, as a notification choice.
INSERT INTO "notification_preferences" ("user_id", "kind", "channel", "enabled")
SELECT "id", 'message.new', 'email', false FROM "profiles" WHERE "message_mail" = false
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "message_mail";
