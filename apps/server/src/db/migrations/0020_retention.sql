ALTER TABLE "organizations" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "closed_on" date;--> statement-breakpoint
CREATE INDEX "reports_closed_on_idx" ON "reports" USING btree ("closed_on") WHERE "reports"."closed_on" is not null;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_retention_days_check" CHECK ("organizations"."retention_days" is null or "organizations"."retention_days" >= 1);--> statement-breakpoint
-- Reports closed before: their retention counts from the day they were resolved or last changed.
UPDATE "reports" SET "closed_on" = (coalesce("resolved_at", "updated_at") at time zone 'UTC')::date WHERE "status" in ('resolved', 'rejected', 'cancelled') AND "closed_on" is null;
