import type { ContactInput } from '@candor/contract/contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { isCancelled, StillTrying, stoppedWaiting, useCancellable } from '@/lib/still-trying';
import { useSendContactMessage } from '../api/send-contact-message';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadContactSchema = () =>
  import('@candor/contract/contact').then((contract) => contract.contactInputSchema);

const EMPTY = { name: '', subject: '', message: '' };

export function ContactForm() {
  const t = useT();
  const mutation = useSendContactMessage();
  const request = useCancellable();
  const { field, message, setMessage, onSubmit, reset, showServerErrors } = useContractForm(
    loadContactSchema,
    { defaultValues: EMPTY },
  );

  const send = (input: ContactInput) =>
    mutation.mutate(
      { ...input, signal: request.start() },
      {
        onSuccess: () => {
          reset(EMPTY);
          // As in the original product: the contact texts (the failure one is reachable now that sending is real).
          setMessage({ tone: 'success', text: t('contact.form.sent') });
        },
        onError: (error) => {
          if (isCancelled(error)) {
            setMessage({ tone: 'error', text: stoppedWaiting() });
            return;
          }
          showServerErrors(error);
          const unreached = error instanceof ApiError && error.status === 0;
          setMessage({
            tone: 'error',
            text: unreached ? t('contact.form.notSent') : t('contact.form.failed'),
          });
        },
      },
    );

  return (
    <form noValidate onSubmit={onSubmit(send)} className="space-y-5">
      <TextField label={t('contact.form.name')} required autoComplete="name" {...field('name')} />
      <TextField label={t('contact.form.subject')} required {...field('subject')} />
      <TextAreaField
        label={t('contact.form.message')}
        required
        rows={6}
        hint={t('contact.form.messageHint')}
        {...field('message')}
      />
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <StillTrying isPending={mutation.isPending} onCancel={request.cancel} />
      <Button
        type="submit"
        className="w-full"
        isBusy={mutation.isPending}
        busyLabel={t('contact.form.sending')}
      >
        {t('contact.form.send')}
      </Button>
    </form>
  );
}
