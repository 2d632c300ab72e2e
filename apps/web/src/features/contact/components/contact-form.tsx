import type { ContactInput } from '@candor/contract/contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { isCancelled, STOPPED_WAITING, StillTrying, useCancellable } from '@/lib/still-trying';
import { useSendContactMessage } from '../api/send-contact-message';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadContactSchema = () =>
  import('@candor/contract/contact').then((contract) => contract.contactInputSchema);

/** As in the original product: the contact texts (the failure one is reachable now that sending is real). */
const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const FAILURE = 'Failed to send message. Please try again later.';
const NOT_SENT = 'Your message was not sent. Nothing you typed was lost. Try again.';

const EMPTY = { name: '', subject: '', message: '' };

export function ContactForm() {
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
          setMessage({ tone: 'success', text: SUCCESS });
        },
        onError: (error) => {
          if (isCancelled(error)) {
            setMessage({ tone: 'error', text: STOPPED_WAITING });
            return;
          }
          showServerErrors(error);
          const unreached = error instanceof ApiError && error.status === 0;
          setMessage({ tone: 'error', text: unreached ? NOT_SENT : FAILURE });
        },
      },
    );

  return (
    <form noValidate onSubmit={onSubmit(send)} className="space-y-5">
      <TextField label="Name" required autoComplete="name" {...field('name')} />
      <TextField label="Subject" required {...field('subject')} />
      <TextAreaField
        label="Message"
        required
        rows={6}
        hint="If you would like a reply, say in your message how we can reach you."
        {...field('message')}
      />
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <StillTrying isPending={mutation.isPending} onCancel={request.cancel} />
      <Button type="submit" className="w-full" isBusy={mutation.isPending} busyLabel="Sending...">
        Send Message
      </Button>
    </form>
  );
}
