-- The language an organisation's intake page opens in for a visitor who has chosen none
-- (docs/languages.md); null: the visitor's browser decides, as on every other page.
ALTER TABLE "organizations" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_language_check" CHECK ("organizations"."default_language" in ('en','es','fr','de','pt','ar'));
