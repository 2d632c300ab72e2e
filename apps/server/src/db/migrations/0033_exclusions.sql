CREATE TABLE "report_exclusions" (
	"report_id" integer NOT NULL,
	"handler_tag" text NOT NULL,
	CONSTRAINT "report_exclusions_report_id_handler_tag_pk" PRIMARY KEY("report_id","handler_tag")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handler_label" varchar(80);--> statement-breakpoint
ALTER TABLE "report_exclusions" ADD CONSTRAINT "report_exclusions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exclusions_tag_idx" ON "report_exclusions" USING btree ("handler_tag");