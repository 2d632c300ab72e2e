import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/loading-state';
import { serverDetail } from '@/lib/error-messages';
import { intlLocale, useT } from '@/lib/i18n';
import { useHandOver, useOrganizationStaff } from '../api/staff-api';

/**
 * Hand an organisation over: make one of its members its administrator, beside the present
 * ones or in their place (they stay members). Each person concerned is told; it is audited.
 */
export function HandOverDialog({
  organizationId,
  onClose,
}: {
  organizationId: number | null;
  onClose(): void;
}) {
  const t = useT();
  const organization = useOrganizationStaff(organizationId);
  const handOver = useHandOver();
  const [chosen, setChosen] = useState<number | null>(null);
  const [replace, setReplace] = useState(false);
  const close = () => {
    setChosen(null);
    setReplace(false);
    handOver.reset();
    onClose();
  };
  const data = organization.data;
  const candidates = data?.members.filter((member) => !member.is_admin && member.is_active) ?? [];
  const admins = data?.members.filter((member) => member.is_admin) ?? [];

  return (
    <Dialog
      open={organizationId !== null}
      title={data ? t('staff.handOver.titleOf', { name: data.name }) : t('staff.handOver.title')}
      isBusy={handOver.isPending}
      onCancel={close}
      className="w-[min(34rem,calc(100%-2rem))]"
    >
      <div className="space-y-4">
        {organization.isPending && <LoadingState label={t('staff.handOver.loading')} />}
        {organization.isError && <Alert tone="error">{t('staff.handOver.loadFailed')}</Alert>}
        {data && (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen === null || organizationId === null) return;
              handOver.mutate(
                { organizationId, input: { user_id: chosen, replace } },
                { onSuccess: close },
              );
            }}
          >
            <p className="text-sm text-ink">
              {admins.length === 0
                ? t('staff.handOver.noAdmin')
                : t('staff.handOver.now', {
                    names: new Intl.ListFormat(intlLocale(), { type: 'unit' }).format(
                      admins.map((admin) => admin.username),
                    ),
                  })}
            </p>
            {candidates.length === 0 ? (
              <p className="text-sm text-muted">{t('staff.handOver.noCandidate')}</p>
            ) : (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-ink">
                  {t('staff.handOver.choose')}
                </legend>
                {candidates.map((member) => (
                  <label key={member.id} className="flex items-center gap-2 text-sm text-ink">
                    <input
                      type="radio"
                      name="member"
                      value={member.id}
                      checked={chosen === member.id}
                      onChange={() => setChosen(member.id)}
                      className="size-4"
                    />
                    {member.username}
                  </label>
                ))}
              </fieldset>
            )}
            {admins.length > 0 && candidates.length > 0 && (
              <label className="flex items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={replace}
                  onChange={(event) => setReplace(event.target.checked)}
                  className="size-4"
                />
                {t('staff.handOver.replace')}
              </label>
            )}
            <p className="text-sm text-muted">{t('staff.handOver.told')}</p>
            {handOver.isError && (
              <Alert tone="error">{serverDetail(handOver.error) ?? t('staff.changeFailed')}</Alert>
            )}
            <div className="flex justify-end gap-3">
              <Button variant="ghost" onClick={close} disabled={handOver.isPending}>
                {t('staff.cancel')}
              </Button>
              <Button
                type="submit"
                disabled={chosen === null}
                isBusy={handOver.isPending}
                busyLabel={t('staff.saving')}
              >
                {replace ? t('staff.handOver.button') : t('staff.handOver.make')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
