import type { TrackChanges } from '@candor/contract/intake';
import { statusWord } from '@/components/report/report-words';
import { Alert } from '@/components/ui/alert';
import { useT } from '@/lib/i18n';

/** What changed since the last visit: the status, and replies waiting (there is no other notice). */
export function TrackChangesNotice({ changes, status }: { changes: TrackChanges; status: string }) {
  const t = useT();
  const lines: string[] = [];
  if (changes.new_replies > 0) {
    lines.push(t('intake.changes.replies', { count: changes.new_replies }));
  }
  if (changes.previous_status) {
    lines.push(
      t('intake.changes.status', {
        from: statusWord(changes.previous_status),
        to: statusWord(status),
      }),
    );
  }
  if (lines.length === 0) {
    lines.push(
      changes.is_first_visit ? t('intake.changes.firstVisit') : t('intake.changes.nothing'),
    );
  }
  return (
    <Alert tone={changes.new_replies > 0 || changes.previous_status ? 'success' : 'info'}>
      <span className="font-semibold">{t('intake.changes.since')}</span> {lines.join(' ')}
    </Alert>
  );
}
