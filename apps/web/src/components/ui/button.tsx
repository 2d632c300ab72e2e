import type { ButtonHTMLAttributes } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While busy the button is disabled and says `busyLabel` (the spec's 'Sending...' texts). */
  isBusy?: boolean;
  busyLabel?: string;
};

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  isBusy = false,
  busyLabel,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || isBusy}
      {...props}
    >
      {isBusy && busyLabel ? busyLabel : children}
    </button>
  );
}
