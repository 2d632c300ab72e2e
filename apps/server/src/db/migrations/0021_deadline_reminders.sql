CREATE TABLE "deadline_reminders" (
	"report_id" integer NOT NULL,
	"deadline" text NOT NULL,
	"notice" text NOT NULL,
	"sent_on" date DEFAULT (now() at time zone 'utc')::date NOT NULL,
	CONSTRAINT "deadline_reminders_report_id_deadline_notice_pk" PRIMARY KEY("report_id","deadline","notice"),
	CONSTRAINT "deadline_reminders_deadline_check" CHECK ("deadline_reminders"."deadline" in ('acknowledge','feedback')),
	CONSTRAINT "deadline_reminders_notice_check" CHECK ("deadline_reminders"."notice" in ('soon','overdue','escalated'))
);
--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;