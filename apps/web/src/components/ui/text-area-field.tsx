import { type ComponentProps, useId } from 'react';
import { FieldFrame } from './field-frame';
import { describedBy } from './field-parts';
import { inputClasses } from './text-field';

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  hint?: string;
  error?: string;
  isOptional?: boolean;
};

export function TextAreaField({
  label,
  hint,
  error,
  isOptional,
  id,
  className = '',
  ...props
}: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const { hintId, errorId, ids } = describedBy(inputId, hint, error);
  return (
    <FieldFrame {...{ inputId, label, hint, hintId, error, errorId, isOptional, className }}>
      <textarea
        id={inputId}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids}
        {...props}
      />
    </FieldFrame>
  );
}
