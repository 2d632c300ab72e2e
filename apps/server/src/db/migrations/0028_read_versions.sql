-- Kept answers (lib/read-cache.ts) are checked against versions of what they show, not against
-- one row every writer updates (migration 0023, dropped here): a report (`r:<id>`), a scope's
-- list (`s:<organisation id>`, 0 for the platform), an account (`u:<id>`), the notices to the
-- reporter of one anonymous report (`n:<tag>`), an owner index row (`i:<key>`), and `all`
-- (moved by a TRUNCATE of any table below). A reader sums the versions of the keys its answer
-- depends on: any change moves the sum.
--
-- Writers in different scopes never wait on each other: each transaction moves only the keys of
-- the rows it changed, at commit, in one statement, in key order (no deadlock). A scope's key is
-- spread over 16 slots, one picked at random per transaction, so writers in one scope rarely
-- meet either. Each key moves in the transaction of the rows it stands for, and names no more
-- than they do: a key about a person moves only where a row that reaches the person is written,
-- one about a report only where a row about the report is (docs/design.md, the dump reader).
DROP FUNCTION read_generation_bump() CASCADE;--> statement-breakpoint
DROP FUNCTION read_generation_bump_now() CASCADE;--> statement-breakpoint
DROP TABLE "read_generation";--> statement-breakpoint
CREATE TABLE "read_versions" (
	"key" text NOT NULL,
	"slot" smallint NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "read_versions_key_slot_pk" PRIMARY KEY("key","slot")
);
--> statement-breakpoint
-- Notes keys to move when the transaction commits (null keys are skipped).
CREATE FUNCTION read_versions_note(VARIADIC keys text[]) RETURNS void LANGUAGE sql AS $$
  SELECT set_config('candor.read_keys',
    coalesce(current_setting('candor.read_keys', true), '') ||
      coalesce(nullif(array_to_string(keys, E'\n'), '') || E'\n', ''),
    true)
$$;--> statement-breakpoint
-- At commit: every noted key moves once, in key order, in one statement.
CREATE FUNCTION read_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := current_setting('candor.read_keys', true);
BEGIN
  IF pending IS NULL OR pending = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('candor.read_keys', '', true);
  INSERT INTO read_versions AS v (key, slot, value)
  SELECT key, CASE WHEN key LIKE 's:%' THEN floor(random() * 16)::smallint ELSE 0 END, 1
  FROM (SELECT DISTINCT key FROM unnest(string_to_array(pending, E'\n')) AS key WHERE key <> '') AS keys
  ORDER BY 1, 2
  ON CONFLICT (key, slot) DO UPDATE SET value = v.value + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO read_versions AS v (key, slot, value) VALUES ('all', 0, 1)
  ON CONFLICT (key, slot) DO UPDATE SET value = v.value + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM read_versions_note('r:' || OLD.id, 's:' || coalesce(OLD.organization_id, 0));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM read_versions_note('r:' || NEW.id, 's:' || coalesce(NEW.organization_id, 0));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The rows of one report: its key and its scope's.
CREATE FUNCTION read_versions_report_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  report integer;
BEGIN
  FOR report IN
    SELECT DISTINCT id FROM (
      SELECT CASE WHEN TG_OP <> 'INSERT' THEN OLD.report_id END AS id
      UNION ALL SELECT CASE WHEN TG_OP <> 'DELETE' THEN NEW.report_id END
    ) AS ids WHERE id IS NOT NULL
  LOOP
    PERFORM read_versions_note('r:' || report,
      's:' || coalesce((SELECT organization_id FROM reports WHERE id = report), 0));
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM read_versions_note('u:' || OLD.id, 's:' || coalesce(OLD.organization_id, 0));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM read_versions_note('u:' || NEW.id, 's:' || coalesce(NEW.organization_id, 0));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_organizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM read_versions_note('s:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM read_versions_note('s:' || NEW.id); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_organization_slugs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM read_versions_note('s:' || OLD.organization_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM read_versions_note('s:' || NEW.organization_id); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_report_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM read_versions_note('s:' || OLD.organization_key); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM read_versions_note('s:' || NEW.organization_key); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM read_versions_note('u:' || OLD.user_id, 'n:' || OLD.recipient_tag);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM read_versions_note('u:' || NEW.user_id, 'n:' || NEW.recipient_tag);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION read_versions_report_owner_index() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM read_versions_note('i:' || OLD.owner_key); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM read_versions_note('i:' || NEW.owner_key); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  source text;
  noter text;
BEGIN
  FOR source, noter IN VALUES
    ('organizations', 'read_versions_organizations'),
    ('organization_slugs', 'read_versions_organization_slugs'),
    ('users', 'read_versions_users'),
    ('reports', 'read_versions_reports'),
    ('deadline_reminders', 'read_versions_report_rows'),
    ('report_counts', 'read_versions_report_counts'),
    ('report_messages', 'read_versions_report_rows'),
    ('voice_recordings', 'read_versions_report_rows'),
    ('report_reads', 'read_versions_report_rows'),
    ('guest_receipts', 'read_versions_report_rows'),
    ('report_owner_index', 'read_versions_report_owner_index'),
    ('notifications', 'read_versions_notifications')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION %I()',
      source || '_read_versions_note', source, noter);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_versions_bump()',
      source || '_read_versions', source);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION read_versions_truncated()',
      source || '_read_versions_truncate', source);
  END LOOP;
END;
$$;--> statement-breakpoint
-- The counts behind analytics (migration 0004) spread over 16 slots per group, one picked at
-- random per statement: filings in one scope no longer queue on one count row.
ALTER TABLE "report_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_counts" DROP CONSTRAINT "report_counts_organization_key_status_category_priority_flag_is_anonymous_pk";--> statement-breakpoint
ALTER TABLE "report_counts" ADD CONSTRAINT "report_counts_pk" PRIMARY KEY("organization_key","status","category","priority_flag","is_anonymous","slot");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_inserted() RETURNS trigger AS $$
DECLARE
  chosen smallint := floor(random() * 16)::smallint;
BEGIN
  INSERT INTO report_counts AS c
    (organization_key, status, category, priority_flag, is_anonymous, slot, total)
  SELECT coalesce(organization_id, 0), status, category, priority_flag, is_anonymous, chosen, count(*)
  FROM new_rows
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_key, status, category, priority_flag, is_anonymous, slot)
  DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_deleted() RETURNS trigger AS $$
DECLARE
  chosen smallint := floor(random() * 16)::smallint;
BEGIN
  INSERT INTO report_counts AS c
    (organization_key, status, category, priority_flag, is_anonymous, slot, total)
  SELECT coalesce(organization_id, 0), status, category, priority_flag, is_anonymous, chosen, -count(*)
  FROM old_rows
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_key, status, category, priority_flag, is_anonymous, slot)
  DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_updated() RETURNS trigger AS $$
DECLARE
  chosen smallint := floor(random() * 16)::smallint;
BEGIN
  INSERT INTO report_counts AS c
    (organization_key, status, category, priority_flag, is_anonymous, slot, total)
  SELECT org, status, category, priority_flag, is_anonymous, chosen, sum(delta)
  FROM (
    SELECT coalesce(organization_id, 0) AS org, status, category, priority_flag, is_anonymous,
      1 AS delta
    FROM new_rows
    UNION ALL
    SELECT coalesce(organization_id, 0), status, category, priority_flag, is_anonymous, -1
    FROM old_rows
  ) AS moves
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_key, status, category, priority_flag, is_anonymous, slot)
  DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
