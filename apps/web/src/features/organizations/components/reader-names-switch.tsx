import type { MyOrganization } from '@candor/contract/organizations';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { useT } from '@/lib/i18n';
import { useSetReaderNames } from '../api/set-reader-names';

/**
 * Whether reporters choosing who reads their report see each administrator's name beside the
 * label they chose (off by default: labels only).
 */
export function ReaderNamesSwitch({ organization }: { organization: NonNullable<MyOrganization> }) {
  const t = useT();
  const update = useSetReaderNames();
  const switchId = useId();
  const shown = organization.reader_names_shown;
  return (
    <div className="mt-6">
      <label
        htmlFor={switchId}
        className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink"
      >
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          aria-checked={shown}
          checked={shown}
          disabled={update.isPending}
          aria-describedby={`${switchId}-note`}
          onChange={(event) => update.mutate(event.target.checked)}
          className="size-5 shrink-0 accent-brand-700"
        />
        {t('organizations.readerNames.label')}
      </label>
      <p id={`${switchId}-note`} className="ms-8 text-sm text-muted">
        {shown ? t('organizations.readerNames.on') : t('organizations.readerNames.off')}
      </p>
      {update.isError && (
        <Alert tone="error" className="mt-2">
          {t('organizations.readerNames.failed')}
        </Alert>
      )}
    </div>
  );
}
