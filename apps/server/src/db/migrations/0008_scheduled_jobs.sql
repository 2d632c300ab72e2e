CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"running_since" timestamp with time zone,
	"last_slot_at" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_result" text,
	"last_detail" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scheduled_jobs_last_result_check" CHECK ("scheduled_jobs"."last_result" is null or "scheduled_jobs"."last_result" in ('ok','failed'))
);
