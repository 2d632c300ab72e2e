CREATE TABLE "report_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" varchar(40) NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_tag_assignments" (
	"report_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "report_tag_assignments_report_id_tag_id_pk" PRIMARY KEY("report_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "report_links" (
	"low_id" integer NOT NULL,
	"high_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_links_low_id_high_id_pk" PRIMARY KEY("low_id","high_id"),
	CONSTRAINT "report_links_order_check" CHECK ("report_links"."low_id" < "report_links"."high_id")
);
--> statement-breakpoint
ALTER TABLE "report_tags" ADD CONSTRAINT "report_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tag_assignments" ADD CONSTRAINT "report_tag_assignments_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tag_assignments" ADD CONSTRAINT "report_tag_assignments_tag_id_report_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."report_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_low_id_reports_id_fk" FOREIGN KEY ("low_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_high_id_reports_id_fk" FOREIGN KEY ("high_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_tags_scope_name_idx" ON "report_tags" USING btree (coalesce("organization_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "report_tag_assignments_tag_idx" ON "report_tag_assignments" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "report_links_high_idx" ON "report_links" USING btree ("high_id");--> statement-breakpoint
-- The admin list shows each report's tags, so a tag put on or taken off a report moves the
-- report's key and its scope's (migration 0028), and a tag renamed, recoloured or deleted
-- moves its scope's.
CREATE TRIGGER report_tag_assignments_read_versions_note AFTER INSERT OR UPDATE OR DELETE ON report_tag_assignments
  FOR EACH ROW EXECUTE FUNCTION read_versions_report_rows();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_tag_assignments_read_versions AFTER INSERT OR UPDATE OR DELETE ON report_tag_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_versions_bump();--> statement-breakpoint
CREATE TRIGGER report_tag_assignments_read_versions_truncate AFTER TRUNCATE ON report_tag_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION read_versions_truncated();--> statement-breakpoint
CREATE FUNCTION read_versions_report_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM read_versions_note('s:' || coalesce(OLD.organization_id, 0)); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM read_versions_note('s:' || coalesce(NEW.organization_id, 0)); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER report_tags_read_versions_note AFTER INSERT OR UPDATE OR DELETE ON report_tags
  FOR EACH ROW EXECUTE FUNCTION read_versions_report_tags();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_tags_read_versions AFTER INSERT OR UPDATE OR DELETE ON report_tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_versions_bump();--> statement-breakpoint
CREATE TRIGGER report_tags_read_versions_truncate AFTER TRUNCATE ON report_tags
  FOR EACH STATEMENT EXECUTE FUNCTION read_versions_truncated();
