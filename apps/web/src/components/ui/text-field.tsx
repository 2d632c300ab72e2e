import { type ComponentProps, useId } from 'react';
import { FieldFrame } from './field-frame';
import { describedBy } from './field-parts';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  hint?: string;
  error?: string;
  /** Shown after the label for optional fields. */
  isOptional?: boolean;
};

export const inputClasses =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-ink placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-700';

export function TextField({
  label,
  hint,
  error,
  isOptional,
  id,
  className = '',
  ...props
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const { hintId, errorId, ids } = describedBy(inputId, hint, error);
  return (
    <FieldFrame {...{ inputId, label, hint, hintId, error, errorId, isOptional, className }}>
      <input
        id={inputId}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids}
        {...props}
      />
    </FieldFrame>
  );
}
