import { joinOrganizationInputSchema } from '@candor/contract/organizations';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { validate } from '@/lib/validation';
import { useJoinOrganization } from '../api/join-organization';

export function JoinOrganizationForm() {
  const join = useJoinOrganization();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(joinOrganizationInputSchema, { code });
    setMissing(checked.errors?.code);
    if (checked.data) join.mutate(checked.data);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
      <TextField
        label="Join code"
        required
        autoComplete="off"
        hint="Ask your organisation's administrator for its code."
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={missing}
      />
      {join.isError && (
        <Alert tone="error">
          {serverDetail(join.error) ?? 'Could not join. Please try again.'}
        </Alert>
      )}
      <Button type="submit" variant="secondary" disabled={join.isPending}>
        {join.isPending ? 'Joining...' : 'Join'}
      </Button>
    </form>
  );
}
