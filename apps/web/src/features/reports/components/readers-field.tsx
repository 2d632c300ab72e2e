import type { Reader } from '@candor/contract/reports';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';

type ReadersFieldProps = {
  readers: Reader[] | undefined;
  /** The readers kept out, by id. */
  excluded: number[];
  onChange(excluded: number[]): void;
  error?: string;
};

export const EXCLUDE_SENTENCE =
  'If your report is about one of these people, untick them. They will never see it.';
export const ONE_READER_LEFT =
  'At least one reader must remain. If your report is about all of them, send it to Candor’s administrators instead.';

/**
 * Who will read the report, shown before it is sent, each reader under the label they chose;
 * the reporter can untick the one the report is about (docs/design.md "Keeping a report from someone").
 */
export function ReadersField({ readers, excluded, onChange, error }: ReadersFieldProps) {
  const noteId = useId();
  if (!readers || readers.length === 0) return null;
  const noneLeft = readers.every((reader) => excluded.includes(reader.id));
  return (
    <fieldset className="space-y-2" aria-describedby={noteId}>
      <legend className="font-medium text-ink">Who reads your report</legend>
      <p id={noteId} className="text-sm text-muted">
        {EXCLUDE_SENTENCE}
      </p>
      <ul className="space-y-1">
        {readers.map((reader, index) => (
          <li key={reader.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-ink">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-brand-700"
                checked={!excluded.includes(reader.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? excluded.filter((id) => id !== reader.id)
                      : [...excluded, reader.id],
                  )
                }
              />
              {reader.label}
              {readers.filter((other) => other.label === reader.label).length > 1
                ? ` (${index + 1})`
                : ''}
            </label>
          </li>
        ))}
      </ul>
      {(noneLeft || error) && <Alert tone="error">{noneLeft ? ONE_READER_LEFT : error}</Alert>}
    </fieldset>
  );
}
