import type { ButtonHTMLAttributes, Ref } from 'react';
import { useIsHydrated } from '@/lib/use-hydrated';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
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
  // A page drawn at build time shows its forms before the app has loaded. Submitted then, the
  // browser would send the form itself, as a GET: the password or the report's words would land
  // in the address, the history and the server's access log. A submit button is disabled until
  // the app has taken the page over, and a disabled submit button also stops Enter from sending
  // the form. (The server also answers a form posted to a page with 404 JSON.)
  const isHydrated = useIsHydrated();
  const isWaitingForApp = type === 'submit' && !isHydrated;
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || isBusy || isWaitingForApp}
      {...props}
    >
      {isBusy && busyLabel ? busyLabel : children}
    </button>
  );
}
