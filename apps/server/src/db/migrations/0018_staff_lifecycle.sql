ALTER TABLE "reports" DROP CONSTRAINT "reports_owner_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_owner_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "owner_account_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_since" date;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_check" CHECK (("reports"."is_anonymous" and "reports"."owner_user_id" is null and not "reports"."is_guest" and "reports"."owner_hash" is not null) or (not "reports"."is_anonymous" and not "reports"."is_guest" and ("reports"."owner_user_id" is not null) <> "reports"."owner_account_deleted" and "reports"."owner_hash" is null) or ("reports"."is_guest" and "reports"."is_anonymous" and "reports"."owner_user_id" is null and "reports"."owner_hash" is null and "reports"."owner_sealed" is null));--> statement-breakpoint
-- Administrators before this migration: the last change to their account is the best day known.
UPDATE "users" SET "admin_since" = "updated_at" WHERE "role" = 'admin';--> statement-breakpoint
-- Whichever path promotes an account (an access request, a hand-over), the day is recorded here.
CREATE FUNCTION users_admin_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'admin' THEN
    IF TG_OP = 'INSERT' OR OLD.role IS DISTINCT FROM 'admin' OR NEW.admin_since IS NULL THEN
      NEW.admin_since := (now() AT TIME ZONE 'UTC')::date;
    END IF;
  ELSE
    NEW.admin_since := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_admin_since BEFORE INSERT OR UPDATE OF role ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_admin_since();
