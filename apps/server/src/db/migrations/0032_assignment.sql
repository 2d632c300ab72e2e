ALTER TABLE "reports" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_assignee_idx" ON "reports" USING btree ("assignee_id");