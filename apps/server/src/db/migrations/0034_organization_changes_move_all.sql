-- A report's answer shows its organisation's name, type and retention (its purge day), and the
-- organisation's deadlines and names reach every report of it. Those change rarely (an
-- administrator's settings, a join code), so a change to an organisation's row moves `all`,
-- which every kept read depends on, rather than a key per report of the organisation.
CREATE OR REPLACE FUNCTION read_versions_organizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM set_config('candor.read_keys', E'all\n', true);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM read_versions_note('s:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM read_versions_note('s:' || NEW.id); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Who a report is kept from (migration 0033) decides who reads it: its rows move the report's
-- key and its scope's, as the report's other rows do.
CREATE TRIGGER report_exclusions_read_versions_note AFTER INSERT OR UPDATE OR DELETE ON report_exclusions
  FOR EACH ROW EXECUTE FUNCTION read_versions_report_rows();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_exclusions_read_versions AFTER INSERT OR UPDATE OR DELETE ON report_exclusions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_versions_bump();--> statement-breakpoint
CREATE TRIGGER report_exclusions_read_versions_truncate AFTER TRUNCATE ON report_exclusions
  FOR EACH STATEMENT EXECUTE FUNCTION read_versions_truncated();
