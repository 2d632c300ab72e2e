import type { TrackChanges } from '@candor/contract/intake';
import { Alert } from '@/components/ui/alert';
import { humanize } from '@/lib/format';

/** What changed since the last visit: the status, and replies waiting (there is no other notice). */
export function TrackChangesNotice({ changes, status }: { changes: TrackChanges; status: string }) {
  const lines: string[] = [];
  if (changes.new_replies > 0) {
    lines.push(
      changes.new_replies === 1
        ? 'A reply is waiting: the administrators wrote to you since your last visit.'
        : `A reply is waiting: the administrators wrote ${changes.new_replies} messages since your last visit.`,
    );
  }
  if (changes.previous_status) {
    lines.push(
      `The status changed from ${humanize(changes.previous_status)} to ${humanize(status)}.`,
    );
  }
  if (lines.length === 0) {
    lines.push(
      changes.is_first_visit
        ? 'This is your first visit since you sent the report. No reply yet.'
        : 'Nothing has changed since your last visit.',
    );
  }
  return (
    <Alert tone={changes.new_replies > 0 || changes.previous_status ? 'success' : 'info'}>
      <span className="font-semibold">Since your last visit: </span>
      {lines.join(' ')}
    </Alert>
  );
}
