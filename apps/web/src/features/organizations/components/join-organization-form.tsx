import {
  type JoinOrganizationInput,
  joinOrganizationInputSchema,
} from '@candor/contract/organizations';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useJoinOrganization } from '../api/join-organization';

export function JoinOrganizationForm() {
  const t = useT();
  const join = useJoinOrganization();
  const { field, onSubmit } = useContractForm(joinOrganizationInputSchema, {
    defaultValues: { code: '' },
    toInput: ({ code }: { code: string }) => ({ code: code.trim() }),
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit((input: JoinOrganizationInput) => join.mutate(input))}
      className="mt-3 space-y-3"
    >
      <TextField
        label={t('organizations.join.label')}
        required
        autoComplete="off"
        hint={t('organizations.join.hint')}
        {...field('code')}
      />
      {join.isError && (
        <Alert tone="error">{serverDetail(join.error) ?? t('organizations.join.failed')}</Alert>
      )}
      <Button
        type="submit"
        variant="secondary"
        isBusy={join.isPending}
        busyLabel={t('organizations.join.busy')}
      >
        {t('organizations.join.submit')}
      </Button>
    </form>
  );
}
