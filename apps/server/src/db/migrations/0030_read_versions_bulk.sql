-- A transaction that changes many rows (a purge, a migration, a bulk UPDATE by hand) would note
-- one key per row (migration 0028), each note copying all the ones before: past 64 KB of keys
-- it notes `all` instead, which every kept read depends on, and stops noting.
CREATE OR REPLACE FUNCTION read_versions_note(VARIADIC keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('candor.read_keys', true), '');
BEGIN
  IF pending = E'all\n' THEN
    RETURN;
  END IF;
  IF length(pending) > 65536 THEN
    PERFORM set_config('candor.read_keys', E'all\n', true);
    RETURN;
  END IF;
  PERFORM set_config('candor.read_keys',
    pending || coalesce(nullif(array_to_string(keys, E'\n'), '') || E'\n', ''), true);
END;
$$;
