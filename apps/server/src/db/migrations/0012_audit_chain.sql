-- Tamper-evident audit (docs/design.md "Tamper-evident audit"): each row carries the hash of the
-- previous one. hash = hex(sha256(prev_hash || E'\n' || audit_log_canonical(row))), the first
-- row's prev_hash being 64 zeros.
CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL,
	"last_id" bigint,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("audit_chain"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The canonical form of a row: its columns as one JSON object, without the chain's own columns
-- and without the columns that are null, printed by jsonb (keys sorted, fixed spacing) with
-- times in UTC. Columns added later are covered without changing this function.
CREATE OR REPLACE FUNCTION audit_log_canonical(entry audit_log) RETURNS text
LANGUAGE sql STABLE SET timezone TO 'UTC' AS $$
  SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)::text
  FROM jsonb_each(to_jsonb(entry) - 'prev_hash' - 'hash')
  WHERE value <> 'null'::jsonb
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_hash(prev text, entry audit_log) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || E'\n' || audit_log_canonical(entry), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Chains a new row: locks the head (so rows are chained one at a time, in commit order), gives
-- the row the next id under that lock (so the chain's order is the ids' order), and moves the head.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain;
BEGIN
  SELECT * INTO head FROM audit_chain WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_chain has no head row';
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  NEW.prev_hash := head.last_hash;
  NEW.hash := audit_log_hash(head.last_hash, NEW);
  UPDATE audit_chain SET rows = head.rows + 1, last_id = NEW.id, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Recomputes the whole chain in id order. Only for a migration that has to change audit rows
-- or columns on purpose (the change is then no longer visible to the check).
CREATE OR REPLACE FUNCTION audit_log_rechain() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  entry audit_log;
  prev text := repeat('0', 64);
  total bigint := 0;
  last bigint;
BEGIN
  ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete;
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    UPDATE audit_log SET prev_hash = prev, hash = audit_log_hash(prev, entry)
      WHERE id = entry.id RETURNING hash INTO prev;
    total := total + 1;
    last := entry.id;
  END LOOP;
  ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete;
  INSERT INTO audit_chain (id, rows, last_id, last_hash) VALUES (1, total, last, prev)
    ON CONFLICT (id) DO UPDATE SET rows = excluded.rows, last_id = excluded.last_id,
      last_hash = excluded.last_hash;
  RETURN total;
END;
$$;
--> statement-breakpoint
SELECT audit_log_rechain();--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
