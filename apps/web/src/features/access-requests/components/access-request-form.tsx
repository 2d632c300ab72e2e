import {
  type AccessRequestCreated,
  type AccessRequestInput,
  accessRequestInputSchema,
} from '@candor/contract/access-requests';
import {
  type AccessRequestType,
  type OrganizationType,
  organizationTypeLabels,
  organizationTypes,
} from '@candor/contract/enums';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { fieldErrors, serverDetail } from '@/lib/error-messages';
import { type FieldMessages, validate } from '@/lib/validation';
import { useCreateAccessRequest } from '../api/create-access-request';
import { ClaimCodeNotice } from './claim-code-notice';

const SUCCESS = 'Application submitted successfully! You will be notified upon approval.';

/** Spec section 8: 'Oops, something went wrong: {message}. Please try again.' */
export function failureMessage(error: unknown): string {
  const message = (serverDetail(error) ?? 'Submission failed').replace(/\.$/, '');
  return `Oops, something went wrong: ${message}. Please try again.`;
}

const requestTypeOptions = [
  { value: 'individual', label: 'Individual' },
  { value: 'organization', label: 'Organization' },
] as const;

const organizationTypeOptions = organizationTypes.map((value) => ({
  value,
  label: organizationTypeLabels[value],
}));

/** Spec section 4: after success the form returns to these defaults. */
const EMPTY = {
  request_type: 'individual' as AccessRequestType,
  email: '',
  phone: '',
  justification: '',
  organization_type: '' as OrganizationType | '',
  organization_name: '',
};

/** The spec's payload: organisation fields only for organisations. */
function payloadOf(values: typeof EMPTY): AccessRequestInput {
  const { organization_type, organization_name, ...common } = values;
  return values.request_type === 'organization'
    ? { ...common, organization_type, organization_name }
    : common;
}

export function AccessRequestForm() {
  const mutation = useCreateAccessRequest();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [outcome, setOutcome] = useState<
    { kind: 'success'; created: AccessRequestCreated } | { kind: 'error'; text: string } | null
  >(null);
  const isOrganization = values.request_type === 'organization';

  const set =
    (field: keyof typeof EMPTY) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      // Select values come from the options offered, so they fit the field's type.
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const payload = payloadOf(values);
    const checked = validate(accessRequestInputSchema, payload);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    mutation.mutate(payload, {
      onSuccess: (created) => {
        setValues(EMPTY);
        setOutcome({ kind: 'success', created });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        setOutcome({ kind: 'error', text: failureMessage(error) });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <SelectField
        label="Request type"
        required
        options={requestTypeOptions}
        value={values.request_type}
        onChange={set('request_type')}
        error={errors.request_type}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <TextAreaField
        label="Description"
        required
        rows={5}
        hint="Why do you need admin access, and for whom will you act?"
        value={values.justification}
        onChange={set('justification')}
        error={errors.justification}
      />
      {isOrganization && (
        <>
          <SelectField
            label="Organization type"
            required
            placeholder="Select organization type"
            options={organizationTypeOptions}
            value={values.organization_type}
            onChange={set('organization_type')}
            error={errors.organization_type}
          />
          <TextField
            label="Organization name"
            required
            autoComplete="organization"
            value={values.organization_name}
            onChange={set('organization_name')}
            error={errors.organization_name}
          />
        </>
      )}
      {outcome?.kind === 'error' && <Alert tone="error">{outcome.text}</Alert>}
      {outcome?.kind === 'success' && (
        <div>
          <Alert tone="success">{SUCCESS}</Alert>
          {outcome.created.claim_code && <ClaimCodeNotice code={outcome.created.claim_code} />}
        </div>
      )}
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}
