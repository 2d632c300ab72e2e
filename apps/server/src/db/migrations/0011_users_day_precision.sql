-- An account's own rows keep no instant finer than a UTC day (docs/protection.md "The dump reader"): a dump
-- must not line up a registration or a profile change with an anonymous report.
ALTER TABLE "users" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE date USING (("created_at" at time zone 'utc')::date);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT (now() at time zone 'utc')::date;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DATA TYPE date USING (("updated_at" at time zone 'utc')::date);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DEFAULT (now() at time zone 'utc')::date;
