DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "reports_submitted_at_idx";--> statement-breakpoint
DROP INDEX "reports_status_submitted_idx";--> statement-breakpoint
DROP INDEX "reports_organization_idx";--> statement-breakpoint
CREATE INDEX "reports_analytics_idx" ON "reports" USING btree ("organization_id","status","category","priority_flag","is_anonymous");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_submitted_at_idx" ON "reports" USING btree ("submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_status_submitted_idx" ON "reports" USING btree ("status","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_organization_idx" ON "reports" USING btree ("organization_id","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);