CREATE TABLE "pending_conversions" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Notices about anonymous reports written before recipient tags name their recipient; the
-- server re-addresses them at its next start (notifications/legacy-notices.ts).
INSERT INTO "pending_conversions" ("name") VALUES ('notice-recipient-tags');
