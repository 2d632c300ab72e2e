import { Link, type LinkProps } from '@/lib/router';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles';

type LinkButtonProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function LinkButton({ variant, size, className = '', ...props }: LinkButtonProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
