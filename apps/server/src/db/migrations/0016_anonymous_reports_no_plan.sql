-- The reporter's plan is an account attribute: anonymous reports keep none (docs/design.md
-- "Anonymity design").
UPDATE "reports" SET "is_premium_report" = false WHERE "is_anonymous";
