import type { AdminExportQuery } from '@candor/contract/admin';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { useExportReports } from '../api/export-reports';

/**
 * "Export CSV": every report the list's filters match, in its order (not only this page), with
 * the descriptions when the box is ticked.
 */
export function ExportReportsButton({ query }: { query: Omit<AdminExportQuery, 'description'> }) {
  const t = useT();
  const [withDescriptions, setWithDescriptions] = useState(false);
  const download = useExportReports();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        isBusy={download.isPending}
        busyLabel={t('admin.export.busy')}
        onClick={() =>
          download.mutate({ ...query, description: withDescriptions ? 'true' : undefined })
        }
      >
        <Download aria-hidden="true" className="size-4" />
        {t('admin.export.button')}
      </Button>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-ink">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-700"
          checked={withDescriptions}
          onChange={(event) => setWithDescriptions(event.target.checked)}
        />
        {t('admin.export.descriptions')}
      </label>
      {download.isError && <Alert tone="error">{t('admin.export.failed')}</Alert>}
    </div>
  );
}
