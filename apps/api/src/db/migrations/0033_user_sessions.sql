CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","last_seen_at" DESC NULLS LAST);--> statement-breakpoint
-- Sessions opened before this migration: one row per refresh-token family, ended if any of its tokens was revoked.
INSERT INTO "user_sessions" ("id", "user_id", "created_at", "last_seen_at", "revoked_at")
SELECT "family_id", (array_agg("user_id"))[1], min("created_at"), max("created_at"), max("revoked_at")
FROM "refresh_tokens" GROUP BY "family_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every revocation of a refresh token ends its session, whichever path revoked it (the users module revokes as
-- app_user, which has no rights on user_sessions: hence SECURITY DEFINER).
CREATE OR REPLACE FUNCTION app_end_session_on_revoke() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE user_sessions SET revoked_at = NEW.revoked_at WHERE id = NEW.family_id AND revoked_at IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_end_session_on_revoke() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_end_session AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION app_end_session_on_revoke();
