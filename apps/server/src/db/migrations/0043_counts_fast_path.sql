-- Less work in the database for every filing and every reply (bench/README.md "Writes against
-- one insert"). The counts behind analytics (migrations 0004, 0028) keep their statement
-- triggers, their 16 slots and their order, so no two writers can deadlock on them; three
-- things change.
--
-- 1. A statement that files one report (every filing does) adds its one row with a plain
--    upsert. A query over a trigger's transition table is planned again at every call, and the
--    grouped upsert cost about ten times the row's own work; reading the row takes a query that
--    costs little to plan, and the upsert's plan is kept for the session.
-- 2. An update that moves no counted column (a reply touching `updated_at`, an acknowledgement)
--    leaves after one cheap look at the rows, instead of planning a grouped upsert that writes
--    nothing.
-- 3. `report_counts` no longer moves versions of its own. Its rows change only in the statement
--    that changes reports, through the triggers above, and a report's row moves its scope's key
--    (`s:<organisation>`, migration 0028) for the old and the new row alike: the same keys, one
--    row trigger and one deferred call fewer for each. A TRUNCATE still moves `all`.
CREATE OR REPLACE FUNCTION report_counts_inserted() RETURNS trigger AS $$
DECLARE
  chosen smallint := floor(random() * 16)::smallint;
  org integer;
  one_status text;
  one_category text;
  one_priority boolean;
  one_anonymous boolean;
  filed bigint;
BEGIN
  SELECT coalesce(organization_id, 0), status, category, priority_flag, is_anonymous,
    count(*) OVER ()
  INTO org, one_status, one_category, one_priority, one_anonymous, filed
  FROM new_rows
  LIMIT 1;
  IF filed = 1 THEN
    INSERT INTO report_counts AS c
      (organization_key, status, category, priority_flag, is_anonymous, slot, total)
    VALUES (org, one_status, one_category, one_priority, one_anonymous, chosen, 1)
    ON CONFLICT (organization_key, status, category, priority_flag, is_anonymous, slot)
    DO UPDATE SET total = c.total + 1;
    RETURN NULL;
  END IF;
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
CREATE OR REPLACE FUNCTION report_counts_updated() RETURNS trigger AS $$
DECLARE
  chosen smallint := floor(random() * 16)::smallint;
BEGIN
  IF NOT EXISTS (
    SELECT FROM new_rows AS n JOIN old_rows AS o USING (id)
    WHERE (coalesce(n.organization_id, 0), n.status, n.category, n.priority_flag, n.is_anonymous)
      IS DISTINCT FROM
      (coalesce(o.organization_id, 0), o.status, o.category, o.priority_flag, o.is_anonymous)
  ) THEN
    RETURN NULL;
  END IF;
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
--> statement-breakpoint
DROP TRIGGER "report_counts_read_versions_note" ON "report_counts";--> statement-breakpoint
DROP TRIGGER "report_counts_read_versions" ON "report_counts";--> statement-breakpoint
DROP FUNCTION read_versions_report_counts();
