import type { AccessRequestInput } from '@candor/contract/access-requests';
import type { AccessRequestType, OrganizationType } from '@candor/contract/enums';
import { organizationTypeLabels, organizationTypes } from '@candor/contract/labels';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useCreateAccessRequest } from '../api/create-access-request';
import { ClaimCodeNotice } from './claim-code-notice';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadAccessRequestSchema = () =>
  import('@candor/contract/access-requests').then((contract) => contract.accessRequestInputSchema);

const SUCCESS = 'Application submitted successfully! You will be notified upon approval.';

/** As in the original product: 'Oops, something went wrong: {message}. Please try again.' */
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

/** As in the original product: after success the form returns to these defaults. */
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
  const { field, message, setMessage, onSubmit, reset, showServerErrors, watch } = useContractForm(
    loadAccessRequestSchema,
    { defaultValues: EMPTY, toInput: payloadOf },
  );
  const [claimCode, setClaimCode] = useState<string | null>(null);
  const isOrganization = watch('request_type') === 'organization';

  const send = (input: AccessRequestInput) => {
    setClaimCode(null);
    mutation.mutate(input, {
      onSuccess: (created) => {
        reset();
        setMessage({ tone: 'success', text: SUCCESS });
        setClaimCode(created.claim_code);
      },
      onError: (error) => {
        showServerErrors(error);
        setMessage({ tone: 'error', text: failureMessage(error) });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit(send)} className="space-y-5">
      <SelectField
        label="Request type"
        required
        options={requestTypeOptions}
        {...field('request_type')}
      />
      <TextField label="Email" type="email" required autoComplete="email" {...field('email')} />
      <TextField label="Phone" type="tel" required autoComplete="tel" {...field('phone')} />
      <TextAreaField
        label="Description"
        required
        rows={5}
        hint="Why do you need admin access, and for whom will you act?"
        {...field('justification')}
      />
      {isOrganization && (
        <>
          <SelectField
            label="Organization type"
            required
            placeholder="Select organization type"
            options={organizationTypeOptions}
            {...field('organization_type')}
          />
          <TextField
            label="Organization name"
            required
            autoComplete="organization"
            {...field('organization_name')}
          />
        </>
      )}
      {message && (
        <div>
          <Alert tone={message.tone}>{message.text}</Alert>
          {claimCode && <ClaimCodeNotice code={claimCode} />}
        </div>
      )}
      <Button
        type="submit"
        className="w-full"
        isBusy={mutation.isPending}
        busyLabel="Submitting..."
      >
        Submit Application
      </Button>
    </form>
  );
}
