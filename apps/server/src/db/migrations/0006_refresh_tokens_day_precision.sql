-- An account's rows keep no instant finer than a day (docs/protection.md "The dump reader"). Expiry rounds
-- up to the next UTC day; rotation and revocation become flags. The rotated_at and revoked_at
-- columns go in the next migration, once their meaning is carried over.
ALTER TABLE "refresh_tokens" ALTER COLUMN "expires_at" SET DATA TYPE date USING (("expires_at" at time zone 'utc')::date + 1);--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "created_at" SET DATA TYPE date USING (("created_at" at time zone 'utc')::date);--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "created_at" SET DEFAULT (now() at time zone 'utc')::date;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "is_rotated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "is_revoked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "rotation" "bytea";--> statement-breakpoint
UPDATE "refresh_tokens" SET "is_rotated" = "rotated_at" IS NOT NULL, "is_revoked" = "revoked_at" IS NOT NULL;
