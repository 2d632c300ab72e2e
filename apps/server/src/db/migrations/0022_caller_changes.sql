-- Every server process keeps the accounts of recent callers in memory for a few seconds
-- (modules/accounts/caller-cache.ts). Whatever path changes what a request learns of its caller
-- (a service, a management command, an organisation's deletion, a hand-written UPDATE), every
-- process hears it on the account-changes channel when the change commits, and reads the account
-- afresh. The payload names the account with a prefix, so live sockets stay open for it.
CREATE FUNCTION users_caller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('candor_account_changes', 'caller:' || OLD.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_caller_changed AFTER UPDATE ON "users"
  FOR EACH ROW
  WHEN (
    OLD.username IS DISTINCT FROM NEW.username
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.plan IS DISTINCT FROM NEW.plan
    OR OLD.is_superuser IS DISTINCT FROM NEW.is_superuser
    OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
    OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION users_caller_changed();--> statement-breakpoint
CREATE TRIGGER users_caller_deleted AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_caller_changed();--> statement-breakpoint
CREATE FUNCTION two_factor_caller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('candor_account_changes', 'caller:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('candor_account_changes', 'caller:' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER two_factor_caller_added AFTER INSERT OR DELETE ON "two_factor_credentials"
  FOR EACH ROW EXECUTE FUNCTION two_factor_caller_changed();--> statement-breakpoint
-- Not on each code's use (last_step): only when the second factor turns on or off.
CREATE TRIGGER two_factor_caller_changed AFTER UPDATE ON "two_factor_credentials"
  FOR EACH ROW
  WHEN (OLD.is_enabled IS DISTINCT FROM NEW.is_enabled OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION two_factor_caller_changed();
