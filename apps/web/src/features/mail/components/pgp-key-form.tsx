import { type PgpKeyInput, pgpKeyInputSchema } from '@candor/contract/mail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useRemovePgpKey, useSetPgpKey } from '../api/mail';

/** Adding, replacing or removing the OpenPGP public key alerts are encrypted to. */
export function PgpKeyForm({ fingerprint }: { fingerprint: string | null }) {
  const setKey = useSetPgpKey();
  const removeKey = useRemovePgpKey();
  const { field, onSubmit, showServerErrors, errorOf, reset } = useContractForm(pgpKeyInputSchema, {
    defaultValues: { key: '' },
    requiredMessages: { key: 'Paste your OpenPGP public key.' },
  });
  const send = (input: PgpKeyInput) =>
    setKey.mutate(input, {
      onSuccess: () => reset({ key: '' }),
      onError: (error) => showServerErrors(error),
    });
  const detail =
    setKey.isError && !errorOf('key')
      ? (serverDetail(setKey.error) ?? 'Could not add the key. Please try again.')
      : null;
  return (
    <div className="space-y-4">
      {fingerprint ? (
        <div>
          <p className="text-ink">Alerts are encrypted to the key with this fingerprint:</p>
          <p className="mt-1 font-mono text-sm text-ink" data-testid="pgp-fingerprint">
            {fingerprint}
          </p>
          <Button
            type="button"
            variant="secondary"
            className="mt-3"
            isBusy={removeKey.isPending}
            busyLabel="Removing..."
            onClick={() => removeKey.mutate(undefined)}
          >
            Remove the key
          </Button>
        </div>
      ) : (
        <p className="text-ink">
          Without a key, alerts say only that something is waiting, with its reference.
        </p>
      )}
      <form noValidate onSubmit={onSubmit(send)} className="space-y-3">
        <TextAreaField
          label={fingerprint ? 'Replace with another public key' : 'Your OpenPGP public key'}
          hint="The armored key, from -----BEGIN PGP PUBLIC KEY BLOCK----- to its end. Expired and revoked keys are refused."
          rows={6}
          required
          className="font-mono text-sm"
          {...field('key')}
        />
        {detail && <Alert tone="error">{detail}</Alert>}
        <Button type="submit" isBusy={setKey.isPending} busyLabel="Checking the key...">
          {fingerprint ? 'Replace the key' : 'Add the key'}
        </Button>
      </form>
    </div>
  );
}
