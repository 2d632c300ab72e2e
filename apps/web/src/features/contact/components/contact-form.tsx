import type { ContactInput } from '@candor/contract/contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSendContactMessage } from '../api/send-contact-message';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadContactSchema = () =>
  import('@candor/contract/contact').then((contract) => contract.contactInputSchema);

/** Spec section 8: the contact texts (the failure one is reachable now that sending is real). */
const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const FAILURE = 'Failed to send message. Please try again later.';

const EMPTY = { name: '', subject: '', message: '' };

export function ContactForm() {
  const mutation = useSendContactMessage();
  const { field, message, setMessage, onSubmit, reset, showServerErrors } = useContractForm(
    loadContactSchema,
    { defaultValues: EMPTY },
  );

  const send = (input: ContactInput) =>
    mutation.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        setMessage({ tone: 'success', text: SUCCESS });
      },
      onError: (error) => {
        showServerErrors(error);
        setMessage({ tone: 'error', text: FAILURE });
      },
    });

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
      <Button type="submit" className="w-full" isBusy={mutation.isPending} busyLabel="Sending...">
        Send Message
      </Button>
    </form>
  );
}
