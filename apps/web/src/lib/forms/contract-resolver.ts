import type { z } from 'zod';
import type { FieldError, FieldValues, Resolver } from './use-form';

export type ContractFormOptions<TForm extends FieldValues, TSchema extends z.ZodType> = {
  /** The request the form sends, built from its values (by default the values themselves). */
  toInput?: (values: TForm) => z.input<TSchema>;
  /** This form's words for a field the schema refuses because it was left empty. */
  requiredMessages?: Partial<Record<keyof TForm & string, string>>;
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A contract schema, or a function that loads it: a page can then draw without zod and the
 * contract's schemas, which arrive when the form is first checked (bench/README.md, "Web: first
 * load").
 */
export type SchemaSource<TSchema extends z.ZodType> = TSchema | (() => Promise<TSchema>);

/**
 * A resolver (see `useForm`) checking the request a form would send with the contract schema the
 * server uses (docs/style.md "Web"), and naming the fields' problems with the
 * contract's one mapping of zod issues, as the server's 400 answers do, in the page's language. A valid form hands its
 * request, as sent (not as the server transforms it), to the submit handler.
 */
export function contractResolver<TForm extends FieldValues, TSchema extends z.ZodType>(
  source: SchemaSource<TSchema>,
  { toInput, requiredMessages = {} }: ContractFormOptions<TForm, TSchema> = {},
): Resolver<TForm, z.input<TSchema>> {
  let loading:
    | Promise<
        [
          TSchema,
          typeof import('@candor/contract/errors'),
          typeof import('@/lib/i18n/server-texts'),
        ]
      >
    | undefined;
  const load = () => {
    loading ??= Promise.all([
      typeof source === 'function' ? source() : Promise.resolve(source),
      import('@candor/contract/errors'),
      // The messages' words in the page's language, with the schema, after the page is drawn.
      import('@/lib/i18n/server-texts'),
    ]);
    // A failed download is tried again at the next check.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return async (values) => {
    const [schema, { issuesToErrorBody }, { localizeServerText }] = await load();
    const input = toInput ? toInput(values) : (values as z.input<TSchema>);
    const parsed = schema.safeParse(input);
    if (parsed.success) return { values: input, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, messages] of Object.entries(issuesToErrorBody(parsed.error.issues))) {
      const required = requiredMessages[field];
      const message =
        required && isBlank((input as Record<string, unknown>)[field])
          ? required
          : [messages].flat().map(localizeServerText).join(' ');
      errors[field === 'detail' ? 'root' : field] = { type: 'validation', message };
    }
    return { values: {}, errors };
  };
}
