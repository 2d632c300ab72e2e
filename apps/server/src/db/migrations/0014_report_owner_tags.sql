CREATE TABLE "report_owner_index" (
	"owner_key" text PRIMARY KEY NOT NULL,
	"entries" "bytea" NOT NULL
);
--> statement-breakpoint
DROP INDEX "reports_owner_hash_idx";--> statement-breakpoint
-- Owner tags were one hash per user; the server re-tags these per report at its next start
-- (modules/reports/owner-index.ts), since only it holds the secret.
UPDATE "reports" SET "owner_hash" = 'legacy:' || "owner_hash" WHERE "owner_hash" IS NOT NULL;
