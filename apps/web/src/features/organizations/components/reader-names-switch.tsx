import type { MyOrganization } from '@candor/contract/organizations';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { useT } from '@/lib/i18n';
import { useSetReaderNames } from '../api/set-reader-names';

/**
 * Whether reporters choosing who reads their report see each administrator's name beside the
 * label they chose (off by default: labels only).
 */
export function ReaderNamesSwitch({ organization }: { organization: NonNullable<MyOrganization> }) {
  const t = useT();
  const update = useSetReaderNames();
  const shown = organization.reader_names_shown;
  return (
    <div className="mt-6">
      <SettingSwitch
        label={t('organizations.readerNames.label')}
        checked={shown}
        note={shown ? t('organizations.readerNames.on') : t('organizations.readerNames.off')}
        saving={update.isPending}
        failure={update.isError ? t('organizations.readerNames.failed') : null}
        onChange={(checked) => update.mutate(checked)}
      />
    </div>
  );
}
