-- The decision on an application made without an account is mailed to the address it gave.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('new_report','reporter_reply','deadline_soon','deadline_missed','escalation','access_changed','admin_request','digest','verify_address','address_changed','password_reset','access_decision'));
