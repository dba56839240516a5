-- Every web process keeps a short-lived copy of a signed-in member's session and list state,
-- and of their dashboard's figures (plugins/member-session-cache.ts). Whatever changes that state, in any process (a request,
-- a job, a payment notice, an administrator), tells every process to drop its copy: a NOTIFY
-- on 'member_state' with the member's id, or '*' when every member is concerned.
CREATE OR REPLACE FUNCTION member_state_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  member_id text;
BEGIN
  IF TG_TABLE_NAME = 'legislation_types' THEN
    member_id := '*';
  ELSIF TG_TABLE_NAME = 'users' AND TG_OP = 'DELETE' THEN
    member_id := OLD.id::text;
  ELSIF TG_TABLE_NAME = 'users' THEN
    member_id := NEW.id::text;
  ELSIF TG_OP = 'DELETE' THEN
    member_id := OLD.user_id::text;
  ELSE
    member_id := NEW.user_id::text;
  END IF;
  IF member_id IS NOT NULL THEN
    PERFORM pg_notify('member_state', member_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_actions_member_state AFTER INSERT OR UPDATE OR DELETE ON "user_actions"
  FOR EACH ROW EXECUTE FUNCTION member_state_changed();
--> statement-breakpoint
CREATE TRIGGER user_legislation_preferences_member_state AFTER INSERT OR UPDATE OR DELETE ON "user_legislation_preferences"
  FOR EACH ROW EXECUTE FUNCTION member_state_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_member_state AFTER DELETE OR UPDATE OF expires_at, user_id, kind, token_hash ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION member_state_changed();
--> statement-breakpoint
CREATE TRIGGER users_member_state AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION member_state_changed();
--> statement-breakpoint
CREATE TRIGGER legislation_types_member_state AFTER INSERT OR UPDATE OR DELETE ON "legislation_types"
  FOR EACH STATEMENT EXECUTE FUNCTION member_state_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_member_state AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION member_state_changed();
--> statement-breakpoint
CREATE TRIGGER outbox_member_state AFTER INSERT OR UPDATE OF status OR DELETE ON "outbox"
  FOR EACH ROW EXECUTE FUNCTION member_state_changed();
