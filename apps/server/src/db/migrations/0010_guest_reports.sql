CREATE TABLE "guest_receipts" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"lookup_key" varchar(16) NOT NULL,
	"receipt_hash" text NOT NULL,
	"visit" "bytea"
);
--> statement-breakpoint
CREATE TABLE "organization_slugs" (
	"slug" varchar(80) PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_owner_check";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "slug" varchar(80) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "guest_reports_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_receipts" ADD CONSTRAINT "guest_receipts_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_slugs" ADD CONSTRAINT "organization_slugs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_receipts_lookup_idx" ON "guest_receipts" USING btree ("lookup_key");--> statement-breakpoint
CREATE INDEX "organization_slugs_organization_idx" ON "organization_slugs" USING btree ("organization_id");--> statement-breakpoint
-- Slugs (modules/intake/slugs.ts): the application derives one from the name, transliterated.
-- A row inserted without one gets an ASCII one here, with its id appended when taken, and every
-- slug an organisation takes is recorded, so an old one keeps leading to it after a rename.
CREATE OR REPLACE FUNCTION organization_slug_base(name text) RETURNS text AS $$
  SELECT coalesce(nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g'))), 60)), ''), 'organization');
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_slug_fill() RETURNS trigger AS $$
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    NEW.slug := organization_slug_base(NEW.name);
    IF EXISTS (SELECT 1 FROM organization_slugs WHERE slug = NEW.slug) THEN
      NEW.slug := NEW.slug || '-' || NEW.id;
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_slug_record() RETURNS trigger AS $$
DECLARE
  holder integer;
BEGIN
  INSERT INTO organization_slugs (slug, organization_id) VALUES (NEW.slug, NEW.id)
  ON CONFLICT (slug) DO NOTHING;
  SELECT organization_id INTO holder FROM organization_slugs WHERE slug = NEW.slug;
  IF holder <> NEW.id THEN
    RAISE EXCEPTION 'slug % belongs to another organisation', NEW.slug
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'organization_slugs_pkey';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER organizations_slug_fill BEFORE INSERT ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION organizations_slug_fill();
--> statement-breakpoint
CREATE TRIGGER organizations_slug_record AFTER INSERT OR UPDATE OF "slug" ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION organizations_slug_record();
--> statement-breakpoint
DO $$
DECLARE
  o record;
  candidate text;
BEGIN
  FOR o IN SELECT id, name FROM organizations ORDER BY id LOOP
    candidate := organization_slug_base(o.name);
    IF EXISTS (SELECT 1 FROM organization_slugs WHERE slug = candidate) THEN
      candidate := candidate || '-' || o.id;
    END IF;
    UPDATE organizations SET slug = candidate WHERE id = o.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_check" CHECK (("reports"."is_anonymous" and "reports"."owner_user_id" is null and not "reports"."is_guest" and "reports"."owner_hash" is not null) or (not "reports"."is_anonymous" and not "reports"."is_guest" and "reports"."owner_user_id" is not null and "reports"."owner_hash" is null) or ("reports"."is_guest" and "reports"."is_anonymous" and "reports"."owner_user_id" is null and "reports"."owner_hash" is null and "reports"."owner_sealed" is null));