import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';
import { type LabelledProps, useLabelledField } from './field-parts';

type TextAreaFieldProps = ComponentProps<'textarea'> & LabelledProps;

export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = useLabelledField(props);
  return (
    <FieldFrame {...frame}>
      {/* What people write reads in its own direction (Arabic, Hebrew). */}
      <textarea dir="auto" {...control} />
    </FieldFrame>
  );
}
