ALTER TABLE "organizations" ADD COLUMN "acknowledge_days" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "feedback_days" integer;--> statement-breakpoint
ALTER TABLE "report_messages" ADD COLUMN "is_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "acknowledge_by" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "feedback_period" interval DEFAULT interval '3 months' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "feedback_by" timestamp with time zone DEFAULT now() + interval '7 days' + interval '3 months' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "feedback_at" timestamp with time zone;--> statement-breakpoint
-- Reports filed before the clock: the platform's default periods counted from their submission.
-- Acknowledged by the first reply to the reporter or the first status change by an administrator;
-- feedback given by the final status (resolved or rejected), when it was set.
UPDATE "reports" AS r SET
  "acknowledge_by" = r."submitted_at" + interval '7 days',
  "feedback_period" = interval '3 months',
  "acknowledged_at" = (
    SELECT min(e.at) FROM (
      SELECT m."sent_at" AS at FROM "report_messages" m
        WHERE m."report_id" = r."id" AND m."sender_kind" = 'admin' AND NOT m."is_internal"
      UNION ALL
      SELECT a."created_at" FROM "audit_log" a
        WHERE a."action" = 'report.status_changed' AND a."object_type" = 'report'
          AND a."object_id" = r."id"::text
    ) e
  ),
  "feedback_at" = CASE WHEN r."status" IN ('resolved', 'rejected') THEN coalesce(
    (SELECT min(a."created_at") FROM "audit_log" a
      WHERE a."action" = 'report.status_changed' AND a."object_type" = 'report'
        AND a."object_id" = r."id"::text AND a."details"->>'to' IN ('resolved', 'rejected')),
    r."resolved_at",
    r."updated_at"
  ) END;--> statement-breakpoint
UPDATE "reports" SET "acknowledged_at" = "feedback_at"
  WHERE "acknowledged_at" IS NULL AND "feedback_at" IS NOT NULL;--> statement-breakpoint
UPDATE "reports" SET "feedback_by" =
  least(coalesce("acknowledged_at", "acknowledge_by"), "acknowledge_by") + "feedback_period";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "next_deadline_at" timestamp with time zone GENERATED ALWAYS AS (case when status = 'cancelled' then null when acknowledged_at is null then acknowledge_by when feedback_at is null then feedback_by end) STORED;--> statement-breakpoint
CREATE INDEX "reports_next_deadline_idx" ON "reports" USING btree ("next_deadline_at","id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_acknowledge_days_check" CHECK ("organizations"."acknowledge_days" is null or "organizations"."acknowledge_days" between 1 and 7);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_feedback_days_check" CHECK ("organizations"."feedback_days" is null or "organizations"."feedback_days" between 1 and 89);--> statement-breakpoint
ALTER TABLE "report_messages" ADD CONSTRAINT "report_messages_feedback_check" CHECK (not "report_messages"."is_feedback" or ("report_messages"."sender_kind" = 'admin' and not "report_messages"."is_internal"));