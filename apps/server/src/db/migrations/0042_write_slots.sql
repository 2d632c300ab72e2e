-- Writers in one scope met on two rows at once. Every notice to an administrator moves their
-- account's key (`u:<id>`), so every report filed to a scope, and every reporter's message in it,
-- moved the same `read_versions` row at commit, one commit after another. An account's key is
-- now spread over 16 slots, as a scope's is (migration 0028); a reader sums every slot of a key,
-- so nothing it checks changes. And a count of reports (migration 0004) is spread over 64 slots
-- instead of 16: ten writers at once in one scope met on one about half the time, and held it
-- from their insert to their commit.
CREATE OR REPLACE FUNCTION read_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := current_setting('candor.read_keys', true);
BEGIN
  IF pending IS NULL OR pending = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('candor.read_keys', '', true);
  INSERT INTO read_versions AS v (key, slot, value)
  SELECT key, CASE WHEN key LIKE 's:%' OR key LIKE 'u:%' THEN floor(random() * 16)::smallint ELSE 0 END, 1
  FROM (SELECT DISTINCT key FROM unnest(string_to_array(pending, E'\n')) AS key WHERE key <> '') AS keys
  ORDER BY 1, 2
  ON CONFLICT (key, slot) DO UPDATE SET value = v.value + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chosen smallint := floor(random() * 64)::smallint;
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chosen smallint := floor(random() * 64)::smallint;
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chosen smallint := floor(random() * 64)::smallint;
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
$$;
