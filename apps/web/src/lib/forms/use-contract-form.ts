import { type FormEvent, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  type SubmitHandler,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/error-messages';
import { type ContractFormOptions, contractResolver } from './contract-resolver';

type Options<TForm extends FieldValues, TSchema extends z.ZodType> = ContractFormOptions<
  TForm,
  TSchema
> & { defaultValues: DefaultValues<TForm> };

/** The form's outcome, shown above its button. */
export type FormMessage = { tone: 'success' | 'error'; text: string };

/**
 * A form whose values are checked with a contract schema (see `contractResolver`), with the
 * message it shows. Problems change only when the form is submitted, and server field errors
 * show beside their fields until the next submission.
 */
export function useContractForm<TForm extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  { defaultValues, ...options }: Options<TForm, TSchema>,
) {
  const form = useForm<TForm, unknown, z.input<TSchema>>({
    defaultValues,
    resolver: contractResolver(schema, options),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [message, setMessage] = useState<FormMessage | null>(null);

  /** The message of a field, or of a server error about something the form holds apart. */
  const errorOf = (name: Path<TForm> | (string & {})): string | undefined =>
    (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;

  return {
    ...form,
    errorOf,
    message,
    setMessage,
    /** The form's submit handler: clears the last message, then checks and sends. */
    onSubmit:
      (onValid: SubmitHandler<z.input<TSchema>>, onInvalid?: SubmitErrorHandler<TForm>) =>
      (event: FormEvent) => {
        setMessage(null);
        void form.handleSubmit(onValid, onInvalid)(event);
      },
    /** The props of a labelled field: registration and its message. */
    field: (name: Path<TForm>) => ({ ...form.register(name), error: errorOf(name) }),
    /** Shows the `{field: [messages]}` of a 400 answer beside the fields. */
    showServerErrors(error: unknown) {
      for (const [name, message] of Object.entries(fieldErrors(error))) {
        form.setError(name as Path<TForm>, { type: 'server', message });
      }
    },
  };
}
