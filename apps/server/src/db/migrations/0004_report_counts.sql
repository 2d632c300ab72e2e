CREATE TABLE "report_counts" (
	"organization_key" integer NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"priority_flag" boolean NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "report_counts_organization_key_status_category_priority_flag_is_anonymous_pk" PRIMARY KEY("organization_key","status","category","priority_flag","is_anonymous")
);
--> statement-breakpoint
DROP INDEX "reports_analytics_idx";--> statement-breakpoint
-- Counted per statement from its transition tables: one upsert per group a statement touches,
-- whatever the number of rows. Groups are written in key order, so concurrent statements lock
-- the same count rows in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION report_counts_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_counts AS c
    (organization_key, status, category, priority_flag, is_anonymous, total)
  SELECT coalesce(organization_id, 0), status, category, priority_flag, is_anonymous, count(*)
  FROM new_rows
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_key, status, category, priority_flag, is_anonymous)
  DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_deleted() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_counts AS c
    (organization_key, status, category, priority_flag, is_anonymous, total)
  SELECT coalesce(organization_id, 0), status, category, priority_flag, is_anonymous, -count(*)
  FROM old_rows
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_key, status, category, priority_flag, is_anonymous)
  DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_updated() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_counts AS c
    (organization_key, status, category, priority_flag, is_anonymous, total)
  SELECT org, status, category, priority_flag, is_anonymous, sum(delta)
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
  ON CONFLICT (organization_key, status, category, priority_flag, is_anonymous)
  DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_counts_cleared() RETURNS trigger AS $$
BEGIN
  DELETE FROM report_counts;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reports_count_inserted AFTER INSERT ON reports
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER reports_count_deleted AFTER DELETE ON reports
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER reports_count_updated AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_updated();
--> statement-breakpoint
CREATE TRIGGER reports_count_truncated AFTER TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_cleared();
--> statement-breakpoint
INSERT INTO report_counts (organization_key, status, category, priority_flag, is_anonymous, total)
  SELECT coalesce(organization_id, 0), status, category, priority_flag, is_anonymous, count(*)
  FROM reports
  GROUP BY 1, 2, 3, 4, 5;
