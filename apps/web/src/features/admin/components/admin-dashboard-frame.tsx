import { Page } from '@/components/ui/page';
import { useT } from '@/lib/i18n';
import { useIsHydrated } from '@/lib/use-hydrated';

/** A panel's place, kept while its content is on its way. */
function Placeholder({ className }: { className: string }) {
  return <div aria-hidden="true" className={`rounded-2xl bg-slate-100 ${className}`} />;
}

/**
 * The admin dashboard before its page and data arrive: its heading and the places of its panels,
 * with no data and only public text. Drawn at build time (entry-server.tsx) and shown from the
 * HTML only to a browser holding an admin's session (`data-admin-frame`, lib/auth/session-hint.ts);
 * in the app, shown to an admin while the page's own chunk loads.
 */
export function AdminDashboardFrame() {
  const t = useT();
  const isHydrated = useIsHydrated();
  return (
    <div data-admin-frame={isHydrated ? undefined : ''}>
      <Page title={t('admin.dashboard.title')} width="wide">
        <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="reports-heading" className="min-w-0 space-y-4">
            <h2 id="reports-heading" className="text-xl font-semibold text-brand-900">
              {t('admin.dashboard.heading')}
            </h2>
            <Placeholder className="h-40" />
            <Placeholder className="h-96" />
          </section>
          <aside aria-labelledby="analytics-heading" className="min-w-0 space-y-4">
            <h2 id="analytics-heading" className="text-xl font-semibold text-brand-900">
              {t('admin.analytics.heading')}
            </h2>
            <Placeholder className="h-64" />
          </aside>
        </div>
      </Page>
    </div>
  );
}
