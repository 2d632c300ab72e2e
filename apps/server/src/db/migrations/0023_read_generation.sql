CREATE TABLE "read_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
-- Reads whose answers a server process keeps (lib/read-cache.ts) check this count first: every
-- transaction that changes one of the tables those answers are made from adds one to it as it
-- commits, so a kept answer is used only while nothing it shows has changed, whoever changed it
-- (a service, another process, a scheduled job, a management command, a hand-written UPDATE).
-- The count moves when the transaction commits (a deferred trigger), once per transaction: the row
-- is the last lock a writer takes, so writers cannot deadlock on it, and waits for it last only
-- as long as another writer's commit.
INSERT INTO "read_generation" ("id", "value") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION read_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('candor.read_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
    UPDATE "read_generation" SET "value" = "value" + 1 WHERE "id" = 1;
    PERFORM set_config('candor.read_generation_bumped', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_generation_bump_now() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_generation" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY[
    'organizations', 'organization_slugs', 'users', 'reports', 'deadline_reminders',
    'report_counts', 'report_messages', 'report_reads', 'guest_receipts', 'report_owner_index',
    'notifications'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_generation_bump()',
      source || '_read_generation', source);
    -- TRUNCATE has no row to defer a trigger for; it locks the whole table anyway.
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION read_generation_bump_now()',
      source || '_read_generation_truncate', source);
  END LOOP;
END;
$$;
