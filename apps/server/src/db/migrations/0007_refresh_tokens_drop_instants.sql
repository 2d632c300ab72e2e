ALTER TABLE "refresh_tokens" DROP COLUMN "rotated_at";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";