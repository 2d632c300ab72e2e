import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';
import { type LabelledProps, useLabelledField } from './field-parts';

type SelectFieldProps = ComponentProps<'select'> &
  LabelledProps & {
    options: readonly { value: string; label: string }[];
    /** A first, empty choice such as 'Select organization type'. */
    placeholder?: string;
  };

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const { frame, control } = useLabelledField(props);
  return (
    <FieldFrame {...frame}>
      <select {...control}>
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
