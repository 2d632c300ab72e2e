CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" "bytea",
	"digest_tag" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('new_report','reporter_reply','deadline_soon','deadline_missed','escalation','access_changed','admin_request','digest','verify_address','address_changed','password_reset')),
	CONSTRAINT "mail_outbox_state_check" CHECK ("mail_outbox"."state" in ('pending', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"verified_email" varchar(254),
	"link_epoch" integer DEFAULT 0 NOT NULL,
	"pgp_key" text,
	"pgp_fingerprint" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest_hour" smallint DEFAULT 8 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."state" = 'pending';