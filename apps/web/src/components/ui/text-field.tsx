import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';
import { type LabelledProps, useLabelledField } from './field-parts';

type TextFieldProps = ComponentProps<'input'> & LabelledProps;

export function TextField(props: TextFieldProps) {
  const { frame, control } = useLabelledField(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} />
    </FieldFrame>
  );
}
