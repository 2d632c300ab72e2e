CREATE TABLE "voice_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"message_id" integer,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "voice_recordings_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "voice_recordings_size_check" CHECK ("voice_recordings"."size" > 0 and "voice_recordings"."duration_ms" > 0)
);
--> statement-breakpoint
ALTER TABLE "voice_recordings" ADD CONSTRAINT "voice_recordings_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_recordings" ADD CONSTRAINT "voice_recordings_message_id_report_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."report_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_recordings_message_idx" ON "voice_recordings" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_recordings_report_own_idx" ON "voice_recordings" USING btree ("report_id") WHERE "voice_recordings"."message_id" is null;--> statement-breakpoint
-- Report and thread answers are kept while the count stands (0023): a recording changes them.
CREATE CONSTRAINT TRIGGER "voice_recordings_read_generation" AFTER INSERT OR UPDATE OR DELETE ON "voice_recordings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_generation_bump();--> statement-breakpoint
CREATE TRIGGER "voice_recordings_read_generation_truncate" AFTER TRUNCATE ON "voice_recordings" FOR EACH STATEMENT EXECUTE FUNCTION read_generation_bump_now();
