-- The dump reader (docs/protection.md): nothing written about a person may share a transaction,
-- a statement or a value with what is written about one of their anonymous reports.
-- Owner changes that an event about an anonymous report calls for wait here, sealed, and are
-- applied later in transactions of their own (modules/reports/owner-queue.ts).
CREATE TABLE "owner_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payload" "bytea" NOT NULL
);
--> statement-breakpoint
-- Each account's salt, part of its anonymous reports' tags: deleted with the account, so deleting
-- it writes nothing on its reports and nobody can match them to it again.
ALTER TABLE "users" ADD COLUMN "owner_salt" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
-- Tags get the salt, and notices to a reporter are addressed to the report rather than to one tag
-- per person: done by the server with its keys at its next start
-- (modules/reports/owner-conversion.ts).
INSERT INTO "pending_conversions" ("name") VALUES ('owner-salts-and-report-notices')
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- My Reports and the bell read the queue too (reports still waiting there): their kept answers
-- (lib/read-cache.ts) are kept only while it is unchanged.
CREATE CONSTRAINT TRIGGER "owner_queue_read_generation" AFTER INSERT OR UPDATE OR DELETE ON "owner_queue"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_generation_bump();
--> statement-breakpoint
CREATE TRIGGER "owner_queue_read_generation_truncate" AFTER TRUNCATE ON "owner_queue"
  FOR EACH STATEMENT EXECUTE FUNCTION read_generation_bump_now();
