import { contactInputSchema } from '@candor/contract/contact';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { fieldErrors } from '@/lib/error-messages';
import { type FieldMessages, validate } from '@/lib/validation';
import { useSendContactMessage } from '../api/send-contact-message';

/** Spec section 8: the contact texts (the failure one is reachable now that sending is real). */
const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const FAILURE = 'Failed to send message. Please try again later.';

const EMPTY = { name: '', subject: '', message: '' };

export function ContactForm() {
  const mutation = useSendContactMessage();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const set =
    (field: keyof typeof EMPTY) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const checked = validate(contactInputSchema, values);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    mutation.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setOutcome({ tone: 'success', text: SUCCESS });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        setOutcome({ tone: 'error', text: FAILURE });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        label="Name"
        required
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <TextField
        label="Subject"
        required
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
      />
      <TextAreaField
        label="Message"
        required
        rows={6}
        hint="If you would like a reply, say in your message how we can reach you."
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
