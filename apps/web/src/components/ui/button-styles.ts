export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent' | 'note';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  accent: 'bg-accent-600 text-white hover:bg-accent-500 hover:text-white',
  secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  /** Internal notes: amber, never mistaken for a reply to the reporter. */
  note: 'border border-amber-700 bg-amber-100 text-amber-950 hover:bg-amber-200',
};

/**
 * Every button is at least 44 px square on a phone, where a thumb taps it; small buttons stay
 * compact on wider screens, where a pointer does.
 */
const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm max-sm:min-h-11 max-sm:min-w-11',
  md: 'min-h-11 min-w-11 px-4 py-2 text-sm',
  lg: 'min-h-11 min-w-11 px-6 py-3 text-base',
};

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra = '',
) {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
