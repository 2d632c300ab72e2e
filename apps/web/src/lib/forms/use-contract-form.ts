import { type FormEvent, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/error-messages';
import { t } from '@/lib/i18n';
import { type ContractFormOptions, contractResolver, type SchemaSource } from './contract-resolver';
import { type FieldErrors, type FieldValues, useForm } from './use-form';

type Path<TForm> = keyof TForm & string;

type Options<TForm extends FieldValues, TSchema extends z.ZodType> = ContractFormOptions<
  TForm,
  TSchema
> & { defaultValues: TForm };

/** A part the form needs to check what was typed could not be loaded. */
export const partNotLoaded = (): string => t('lib.form.partNotLoaded');

/** The form's outcome, shown above its button. */
export type FormMessage = { tone: 'success' | 'error'; text: string };

/**
 * A form whose values are checked with a contract schema (see `contractResolver`), with the
 * message it shows. Problems change only when the form is submitted, and server field errors
 * show beside their fields until the next submission.
 */
export function useContractForm<TForm extends FieldValues, TSchema extends z.ZodType>(
  schema: SchemaSource<TSchema>,
  { defaultValues, ...options }: Options<TForm, TSchema>,
) {
  // A schema loaded on demand is loaded once for the form's life.
  const loaded = useRef<Promise<TSchema> | null>(null);
  const source: SchemaSource<TSchema> =
    typeof schema === 'function'
      ? () => {
          if (!loaded.current) {
            loaded.current = schema();
            loaded.current.catch(() => {
              loaded.current = null;
            });
          }
          return loaded.current;
        }
      : schema;
  const form = useForm<TForm, z.input<TSchema>>({
    defaultValues,
    resolver: contractResolver(source, options),
  });
  const [message, setMessage] = useState<FormMessage | null>(null);
  // Counts failed attempts to send, so an error summary can take focus after each one.
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formId = useId();
  const fieldId = (name: Path<TForm>) => `${formId}-${name}`;

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
      (
        onValid: (values: z.input<TSchema>) => unknown,
        onInvalid?: (errors: FieldErrors) => unknown,
      ) =>
      (event: FormEvent) => {
        setMessage(null);
        form
          .handleSubmit(onValid, (errors) => {
            setFailedAttempts((count) => count + 1);
            return onInvalid?.(errors);
          })(event)
          // The check's schema comes with the first submit; when it cannot be loaded (the
          // connection dropped), that is said, never swallowed.
          .catch(() => setMessage({ tone: 'error', text: partNotLoaded() }));
      },
    fieldId,
    /** The props of a labelled field: its id, registration and message. */
    field: (name: Path<TForm>) => ({
      ...form.register(name),
      id: fieldId(name),
      error: errorOf(name),
    }),
    /**
     * Shows the `{field: [messages]}` of a 400 answer beside the fields. Returns whether it
     * placed any: the form's state only shows them on the next render.
     */
    showServerErrors(error: unknown): boolean {
      const errors = Object.entries(fieldErrors(error));
      for (const [name, message] of errors) {
        form.setError(name, { type: 'server', message });
      }
      if (errors.length > 0) setFailedAttempts((count) => count + 1);
      return errors.length > 0;
    },
    /**
     * The form's problems for an error summary, in the order of `labels` (the fields as the form
     * shows them), each naming its field, and the count of failed attempts that focuses it.
     */
    errorSummary(labels: Partial<Record<Path<TForm>, string>>) {
      const items = Object.entries(labels).flatMap(([name, label]) => {
        const text = errorOf(name);
        return text ? [{ fieldId: fieldId(name as Path<TForm>), text: `${label}: ${text}` }] : [];
      });
      return { items, attempt: failedAttempts };
    },
  };
}
