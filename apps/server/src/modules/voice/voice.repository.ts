import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { voiceRecordings } from '../../db/schema';

export type NewVoiceRow = typeof voiceRecordings.$inferInsert;

export async function insertVoiceRecording(db: Executor, row: NewVoiceRow): Promise<number> {
  const [inserted] = await db
    .insert(voiceRecordings)
    .values(row)
    .returning({ id: voiceRecordings.id });
  return (inserted as { id: number }).id;
}

/** What a signed link needs: the stored file's key. */
export async function findVoiceKey(db: Executor, id: number): Promise<string | null> {
  const [row] = await db
    .select({ key: voiceRecordings.storageKey })
    .from(voiceRecordings)
    .where(eq(voiceRecordings.id, id));
  return row?.key ?? null;
}

/** The storage keys of every recording of these reports (their own and their messages'). */
export async function voiceKeysOfReports(db: Executor, reportIds: number[]): Promise<string[]> {
  if (reportIds.length === 0) return [];
  const rows = await db
    .select({ key: voiceRecordings.storageKey })
    .from(voiceRecordings)
    .where(inArray(voiceRecordings.reportId, reportIds));
  return rows.map((row) => row.key);
}

/** The report's own recording (beside its description), if it has one. */
export async function findReportVoice(db: Executor, reportId: number) {
  const [row] = await db
    .select({ id: voiceRecordings.id, durationMs: voiceRecordings.durationMs })
    .from(voiceRecordings)
    .where(and(eq(voiceRecordings.reportId, reportId), isNull(voiceRecordings.messageId)));
  return row ?? null;
}
