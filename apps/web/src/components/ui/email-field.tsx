import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/** A required email address field, filled in by the browser. */
export function EmailField(
  props: Omit<ComponentProps<typeof TextField>, 'type' | 'required' | 'autoComplete'>,
) {
  return <TextField type="email" required autoComplete="email" {...props} />;
}
