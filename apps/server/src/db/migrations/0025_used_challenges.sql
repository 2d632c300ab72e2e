-- Proof-of-work challenges accepted once across every process, with or without Redis
-- (modules/intake/proof-of-work.ts); swept once expired.
CREATE TABLE "used_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_challenges_expires_idx" ON "used_challenges" USING btree ("expires_at");