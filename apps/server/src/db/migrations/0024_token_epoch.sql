-- Access tokens carry the account's token epoch (modules/accounts/sessions.service.ts): logging
-- out, a new password or an ended login moves it on, and tokens of an earlier epoch are refused.
ALTER TABLE "users" ADD COLUMN "token_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Setting up a second factor now asks for the current password (modules/two-factor): a set-up
-- started before, without it, is dropped and must be started again.
DELETE FROM "two_factor_credentials" WHERE "is_enabled" = false;
