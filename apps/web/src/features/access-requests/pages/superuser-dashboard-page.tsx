import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { useT } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { AccessRequestList } from '../components/access-request-list';

type SuperuserDashboardPageProps = {
  /** Panels of other areas (contact inbox, audit log), composed by the app's route. */
  extraTabs?: readonly TabItem[];
  /** Cards shown above the tabs, whatever tab is open (the audit chain's state). */
  overview?: ReactNode;
};

/** As in the original product (Superuser dashboard); the open tab is kept in `?tab=`. */
export function SuperuserDashboardPage({ extraTabs = [], overview }: SuperuserDashboardPageProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tabs: TabItem[] = [
    {
      id: 'requests',
      label: t('access-requests.dashboard.requestsTab'),
      panel: <AccessRequestList />,
    },
    ...extraTabs,
  ];
  const selected = params.get('tab') ?? 'requests';
  return (
    <Page title={t('access-requests.dashboard.title')} width="wide">
      {overview}
      <Tabs
        label={t('access-requests.dashboard.title')}
        tabs={tabs}
        selected={selected}
        onSelect={(id) => setParams(id === 'requests' ? {} : { tab: id }, { replace: true })}
      />
    </Page>
  );
}
