-- The language an account reads Candor in (docs/api.md "Languages"): its notices, its alert
-- mail and the API's messages when it signs in. Null is English.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check"
  CHECK ("language" IS NULL OR "language" IN ('en', 'es', 'fr', 'de', 'pt', 'ar'));
