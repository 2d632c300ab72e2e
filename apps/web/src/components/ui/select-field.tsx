import { type ComponentProps, useId } from 'react';
import { FieldFrame } from './field-frame';
import { describedBy } from './field-parts';
import { inputClasses } from './text-field';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice such as 'Select organization type'. */
  placeholder?: string;
  hint?: string;
  error?: string;
};

export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  className = '',
  ...props
}: SelectFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const { hintId, errorId, ids } = describedBy(inputId, hint, error);
  return (
    <FieldFrame {...{ inputId, label, hint, hintId, error, errorId, className }}>
      <select
        id={inputId}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
