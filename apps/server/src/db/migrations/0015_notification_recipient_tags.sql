ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient_tag" text;--> statement-breakpoint
CREATE INDEX "notifications_recipient_tag_idx" ON "notifications" USING btree ("recipient_tag","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_check" CHECK (("notifications"."user_id" is null) <> ("notifications"."recipient_tag" is null));