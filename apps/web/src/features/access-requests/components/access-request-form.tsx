import type { AccessRequestInput } from '@candor/contract/access-requests';
import type { AccessRequestType, OrganizationType } from '@candor/contract/enums';
import { organizationTypes } from '@candor/contract/labels';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { t, useT } from '@/lib/i18n';
import { useCreateAccessRequest } from '../api/create-access-request';
import { organizationTypeWords, requestTypeWords } from '../organization-type-words';
import { ClaimCodeNotice } from './claim-code-notice';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadAccessRequestSchema = () =>
  import('@candor/contract/access-requests').then((contract) => contract.accessRequestInputSchema);

/** As in the original product: 'Oops, something went wrong: {message}. Please try again.' */
export function failureMessage(error: unknown): string {
  const message = (serverDetail(error) ?? t('access-requests.form.submissionFailed')).replace(
    /\.$/,
    '',
  );
  return t('access-requests.form.failed', { message });
}

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
  const t = useT();
  const requestTypeOptions = (['individual', 'organization'] as const).map((value) => ({
    value,
    label: t(requestTypeWords[value]),
  }));
  const organizationTypeOptions = organizationTypes.map((value) => ({
    value,
    label: t(organizationTypeWords[value]),
  }));
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
        setMessage({ tone: 'success', text: t('access-requests.form.success') });
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
        label={t('access-requests.form.requestType')}
        required
        options={requestTypeOptions}
        {...field('request_type')}
      />
      <EmailField label={t('access-requests.field.email')} {...field('email')} />
      <TextField
        label={t('access-requests.field.phone')}
        type="tel"
        required
        autoComplete="tel"
        {...field('phone')}
      />
      <TextAreaField
        label={t('access-requests.form.description')}
        required
        rows={5}
        hint={t('access-requests.form.descriptionHint')}
        {...field('justification')}
      />
      {isOrganization && (
        <>
          <SelectField
            label={t('access-requests.field.organizationType')}
            required
            placeholder={t('access-requests.form.selectOrganizationType')}
            options={organizationTypeOptions}
            {...field('organization_type')}
          />
          <TextField
            label={t('access-requests.form.organizationName')}
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
        busyLabel={t('access-requests.form.submitting')}
      >
        {t('access-requests.form.submit')}
      </Button>
    </form>
  );
}
