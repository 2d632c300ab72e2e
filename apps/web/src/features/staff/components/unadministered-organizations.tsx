import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { useUnadministeredOrganizations } from '../api/staff-api';

/**
 * Organisations nobody administers any more (every administrator revoked or deactivated), shown
 * so none is left so unnoticed; the superuser chooses one of its members.
 */
export function UnadministeredOrganizations({ onChoose }: { onChoose(id: number): void }) {
  const t = useT();
  const organizations = useUnadministeredOrganizations();
  const rows = organizations.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="unadministered-heading"
      className="rounded-2xl border border-amber-700 bg-amber-50 p-4"
    >
      <h3 id="unadministered-heading" className="font-semibold text-amber-950">
        {t('staff.unadministered.heading')}
      </h3>
      <p className="mt-1 text-sm text-amber-950">{t('staff.unadministered.lead')}</p>
      <ul className="mt-3 divide-y divide-amber-200 text-sm">
        {rows.map((organization) => (
          <li key={organization.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
            <span className="font-medium text-ink">{organization.name}</span>
            <span className="text-amber-950">
              {t('staff.unadministered.open', { count: organization.open_reports })}
            </span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('staff.unadministered.chooseLabel', { name: organization.name })}
              onClick={() => onChoose(organization.id)}
            >
              {t('staff.unadministered.choose')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
