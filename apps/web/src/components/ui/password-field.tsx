import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete'> & {
  /** A password being chosen (the browser offers to make one), not the one in use. */
  isNew?: boolean;
};

/** A required password field, filled in by the browser's password manager. */
export function PasswordField({ isNew = false, ...props }: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      required
      autoComplete={isNew ? 'new-password' : 'current-password'}
      {...props}
    />
  );
}
