-- The audit chain no longer makes writers wait for each other (docs/design.md "Tamper-evident
-- audit"). A writer appends its row unchained: no head to lock. One chainer at a time, on any
-- process (an advisory lock; the others leave it to that one), links the rows written since,
-- in the order it finds them, within about a second: each gets the previous row's hash, its own
-- and its place in the chain (`chain_seq`), and the head moves. A row not chained yet shows as
-- such (`chain_seq` null). The chain's order is `chain_seq`, no longer the id.
DROP TRIGGER audit_log_chain ON audit_log;--> statement-breakpoint
DROP FUNCTION audit_log_chain();--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
-- The chain's own columns are not part of a row's canonical form.
CREATE OR REPLACE FUNCTION audit_log_canonical(entry audit_log) RETURNS text
LANGUAGE sql STABLE SET timezone TO 'UTC' AS $$
  SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)::text
  FROM jsonb_each(to_jsonb(entry) - 'prev_hash' - 'hash' - 'chain_seq')
  WHERE value <> 'null'::jsonb
$$;
--> statement-breakpoint
-- Rows chained so far keep their place: the chain was in id order.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete;--> statement-breakpoint
UPDATE audit_log a SET chain_seq = numbered.seq
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS seq FROM audit_log) AS numbered
  WHERE a.id = numbered.id;--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_idx" ON "audit_log" ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_log_unchained_idx" ON "audit_log" ("id") WHERE "chain_seq" IS NULL;--> statement-breakpoint
-- Still append-only: the one change allowed is the chainer's, once, to a row not chained yet,
-- setting the chain's columns and nothing else.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.chain_seq IS NULL AND OLD.hash IS NULL AND OLD.prev_hash IS NULL
    AND NEW.chain_seq IS NOT NULL AND NEW.hash IS NOT NULL AND NEW.prev_hash IS NOT NULL
    AND (to_jsonb(OLD) - 'prev_hash' - 'hash' - 'chain_seq')
      = (to_jsonb(NEW) - 'prev_hash' - 'hash' - 'chain_seq') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Links the rows not chained yet, oldest id first, up to `batch` of them; answers how many. With
-- `wait` false it gives way at once to a chainer already at work (answering 0).
CREATE FUNCTION audit_log_chain_pending(wait boolean, batch integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain;
  entry audit_log;
  previous text;
  chained integer := 0;
BEGIN
  IF wait THEN
    PERFORM pg_advisory_xact_lock(hashtext('candor.audit_chain'));
  ELSIF NOT pg_try_advisory_xact_lock(hashtext('candor.audit_chain')) THEN
    RETURN 0;
  END IF;
  SELECT * INTO head FROM audit_chain WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_chain has no head row';
  END IF;
  FOR entry IN SELECT * FROM audit_log WHERE chain_seq IS NULL ORDER BY id LIMIT batch LOOP
    previous := head.last_hash;
    head.rows := head.rows + 1;
    head.last_id := entry.id;
    head.last_hash := audit_log_hash(previous, entry);
    UPDATE audit_log SET prev_hash = previous, hash = head.last_hash, chain_seq = head.rows
      WHERE id = entry.id;
    chained := chained + 1;
  END LOOP;
  IF chained > 0 THEN
    UPDATE audit_chain SET rows = head.rows, last_id = head.last_id, last_hash = head.last_hash
      WHERE id = 1;
  END IF;
  RETURN chained;
END;
$$;
--> statement-breakpoint
-- Recomputes the whole chain in its order (unchained rows last, by id). Only for a migration
-- that has to change audit rows or columns on purpose.
CREATE OR REPLACE FUNCTION audit_log_rechain() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  entry audit_log;
  prev text := repeat('0', 64);
  total bigint := 0;
  last bigint;
BEGIN
  ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete;
  FOR entry IN SELECT * FROM audit_log ORDER BY chain_seq NULLS LAST, id LOOP
    total := total + 1;
    UPDATE audit_log SET prev_hash = prev, hash = audit_log_hash(prev, entry), chain_seq = -total
      WHERE id = entry.id RETURNING hash INTO prev;
    last := entry.id;
  END LOOP;
  UPDATE audit_log SET chain_seq = -chain_seq;
  ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete;
  INSERT INTO audit_chain (id, rows, last_id, last_hash) VALUES (1, total, last, prev)
    ON CONFLICT (id) DO UPDATE SET rows = excluded.rows, last_id = excluded.last_id,
      last_hash = excluded.last_hash;
  RETURN total;
END;
$$;
