import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useStaffTwoFactor } from '../api/get-staff-two-factor';
import { useResetStaffTwoFactor } from '../api/reset-staff-two-factor';

type StaffMember = { id: number; username: string };

/**
 * For the superuser: which administrators have not set up two-factor authentication, and a
 * reset for one who lost their authenticator and recovery codes (docs/operating.md "Second factor").
 */
export function StaffTwoFactorCard() {
  const t = useT();
  const staff = useStaffTwoFactor();
  const reset = useResetStaffTwoFactor();
  const [asked, setAsked] = useState<StaffMember | null>(null);
  const rows = staff.data?.results ?? [];
  const missing = rows.filter((row) => !row.is_enabled);
  const enrolled = rows.filter((row) => row.is_enabled);
  return (
    <Card aria-labelledby="staff-two-factor-heading" role="region" className="mb-6">
      <h2 id="staff-two-factor-heading" className="text-lg font-semibold text-brand-900">
        {t('two-factor.staff.heading')}
      </h2>
      {staff.isPending && <p className="mt-2 text-muted">{t('two-factor.common.loading')}</p>}
      {staff.isError && (
        <p className="mt-2 text-sm text-red-800">{t('two-factor.staff.loadFailed')}</p>
      )}
      {staff.data && (
        <p className="mt-2 text-sm text-ink">
          {staff.data.is_required
            ? t('two-factor.staff.required')
            : t('two-factor.staff.notRequired', { setting: 'REQUIRE_STAFF_2FA' })}
        </p>
      )}
      {staff.isSuccess && (
        <>
          <h3 className="mt-4 font-semibold text-ink">{t('two-factor.staff.notSetUp')}</h3>
          {missing.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('two-factor.staff.everyoneSetUp')}</p>
          ) : (
            <ul
              className="mt-1 divide-y divide-slate-200 text-sm"
              aria-label={t('two-factor.staff.missingLabel')}
            >
              {missing.map((row) => (
                <li key={row.id} className="py-2">
                  {row.username}{' '}
                  <span className="text-muted">
                    {row.is_superuser
                      ? t('two-factor.staff.superuser')
                      : t('two-factor.staff.administrator')}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {enrolled.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold text-ink">{t('two-factor.staff.setUp')}</h3>
              <ul className="mt-1 divide-y divide-slate-200 text-sm">
                {enrolled.map((row) => (
                  <li
                    key={row.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                  >
                    <span>{row.username}</span>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setAsked({ id: row.id, username: row.username })}
                      aria-label={t('two-factor.staff.resetOf', { username: row.username })}
                    >
                      {t('two-factor.staff.reset')}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {reset.isError && (
        <Alert tone="error" className="mt-3">
          {serverDetail(reset.error) ?? t('two-factor.staff.resetFailed')}
        </Alert>
      )}
      <ConfirmDialog
        open={asked !== null}
        message={t('two-factor.staff.resetQuestion', { username: asked?.username ?? '' })}
        confirmLabel={t('two-factor.staff.reset')}
        onConfirm={() => {
          if (asked) reset.mutate(asked.id);
          setAsked(null);
        }}
        onCancel={() => setAsked(null)}
      />
    </Card>
  );
}
