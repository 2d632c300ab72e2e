-- Writers in one scope met on one row. Every notice to an administrator moves their account's
-- key (`u:<id>`), so every report filed to a scope, and every reporter's message in it, moved
-- the same `read_versions` row at commit, one commit after another. An account's key is now
-- spread over 16 slots, as a scope's is (migration 0028); a reader sums every slot of a key, so
-- nothing it checks changes.
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
$$;
