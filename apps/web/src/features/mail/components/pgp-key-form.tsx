import { type PgpKeyInput, pgpKeyInputSchema } from '@candor/contract/mail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useRemovePgpKey, useSetPgpKey } from '../api/mail';

/** Adding, replacing or removing the OpenPGP public key alerts are encrypted to. */
export function PgpKeyForm({ fingerprint }: { fingerprint: string | null }) {
  const t = useT();
  const setKey = useSetPgpKey();
  const removeKey = useRemovePgpKey();
  const { field, onSubmit, showServerErrors, errorOf, reset } = useContractForm(pgpKeyInputSchema, {
    defaultValues: { key: '' },
    requiredMessages: { key: t('mail.pgp.required') },
  });
  const send = (input: PgpKeyInput) =>
    setKey.mutate(input, {
      onSuccess: () => reset({ key: '' }),
      onError: (error) => showServerErrors(error),
    });
  const detail =
    setKey.isError && !errorOf('key') ? (serverDetail(setKey.error) ?? t('mail.pgp.failed')) : null;
  return (
    <div className="space-y-4">
      {fingerprint ? (
        <div>
          <p className="text-ink">{t('mail.pgp.encryptedTo')}</p>
          <p className="mt-1 font-mono text-sm text-ink" data-testid="pgp-fingerprint">
            {fingerprint}
          </p>
          <Button
            type="button"
            variant="secondary"
            className="mt-3"
            isBusy={removeKey.isPending}
            busyLabel={t('mail.pgp.removing')}
            onClick={() => removeKey.mutate(undefined)}
          >
            {t('mail.pgp.remove')}
          </Button>
        </div>
      ) : (
        <p className="text-ink">{t('mail.pgp.withoutKey')}</p>
      )}
      <form noValidate onSubmit={onSubmit(send)} className="space-y-3">
        <TextAreaField
          label={fingerprint ? t('mail.pgp.replaceLabel') : t('mail.pgp.label')}
          hint={t('mail.pgp.hint', { begin: '-----BEGIN PGP PUBLIC KEY BLOCK-----' })}
          rows={6}
          required
          className="font-mono text-sm"
          {...field('key')}
        />
        {detail && <Alert tone="error">{detail}</Alert>}
        <Button type="submit" isBusy={setKey.isPending} busyLabel={t('mail.pgp.checking')}>
          {fingerprint ? t('mail.pgp.replace') : t('mail.pgp.add')}
        </Button>
      </form>
    </div>
  );
}
