import { ADMINISTRATOR_NAME } from '@candor/contract/labels';
import type { Reader } from '@candor/contract/reports';
import { type ReactNode, useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { t, useT } from '@/lib/i18n';

type ReadersFieldProps = {
  readers: Reader[] | undefined;
  /** The readers kept out, by their (opaque) ids. */
  excluded: string[];
  onChange(excluded: string[]): void;
  error?: string;
  /** When every reader is unticked: the way to send it to the platform's administrators. */
  instead?: ReactNode;
};

/** The field's sentences in English, the language the tests draw pages in. */
export const EXCLUDE_SENTENCE =
  'If your report is about one of these people, untick them. They will never see it.';
export const ONE_READER_LEFT =
  'At least one reader must remain. If your report is about all of them, send it to Candor’s administrators instead.';

/**
 * How a reader is named on the form: their label (a handler without one, by the role, in the
 * page's words), and their name when it is shown.
 */
export function readerName(reader: Reader): string {
  const label =
    reader.label === ADMINISTRATOR_NAME ? t('report.message.administrator') : reader.label;
  return reader.name ? `${label}, ${reader.name}` : label;
}

/**
 * Who will read the report, shown before it is sent, each reader under the label they chose (and
 * their name, when their organisation shows names); the reporter can untick the ones the report
 * is about, one at least remaining (docs/design.md "Keeping a report from someone"). The same on
 * the signed-in form and both forms without an account.
 */
export function ReadersField({ readers, excluded, onChange, error, instead }: ReadersFieldProps) {
  const t = useT();
  const noteId = useId();
  if (!readers || readers.length === 0) return null;
  const noneLeft = readers.every((reader) => excluded.includes(reader.id));
  return (
    <fieldset className="space-y-2" aria-describedby={noteId}>
      <legend className="font-medium text-ink">{t('readers.field.legend')}</legend>
      <p id={noteId} className="text-sm text-muted">
        {t('readers.field.exclude')}
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
              <bdi>{readerName(reader)}</bdi>
              {readers.filter((other) => readerName(other) === readerName(reader)).length > 1
                ? ` (${index + 1})`
                : ''}
            </label>
          </li>
        ))}
      </ul>
      {(noneLeft || error) && (
        <Alert tone="error">
          {noneLeft ? t('readers.field.oneLeft') : error}
          {noneLeft && instead && <span className="mt-2 block">{instead}</span>}
        </Alert>
      )}
    </fieldset>
  );
}
