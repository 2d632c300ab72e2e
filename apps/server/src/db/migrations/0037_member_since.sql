-- The UTC day an account joined its organisation (the members an administrator sees); null while
-- it belongs to none.
ALTER TABLE "users" ADD COLUMN "member_since" date;--> statement-breakpoint
-- Members before this migration: the day of their last recorded join, else the last change to
-- their account, the best day known.
UPDATE "users" SET "member_since" = coalesce(
  (SELECT max(("audit_log"."created_at" AT TIME ZONE 'UTC')::date) FROM "audit_log"
    WHERE "audit_log"."action" = 'organization.member_joined'
      AND "audit_log"."object_id" = "users"."organization_id"::text
      AND "audit_log"."details"->>'user_id' = "users"."id"::text),
  "updated_at")
WHERE "organization_id" IS NOT NULL;--> statement-breakpoint
-- Whichever path sets an account's organisation (a join code, an approval, a hand-over), the day
-- is recorded here.
CREATE FUNCTION users_member_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organization_id IS NULL THEN
    NEW.member_since := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
      OR NEW.member_since IS NULL THEN
    NEW.member_since := (now() AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_member_since BEFORE INSERT OR UPDATE OF organization_id ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_member_since();
