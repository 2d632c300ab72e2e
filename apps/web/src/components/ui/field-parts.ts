import { useId } from 'react';

export const inputClasses =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-ink placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-700';

/** Ids that tie a control to its hint and error text (aria-describedby). */
export function describedBy(inputId: string, hint?: string, error?: string) {
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { hintId, errorId, ids: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

export type LabelledProps = {
  label: string;
  hint?: string;
  error?: string;
  /** Shown after the label for optional fields. */
  isOptional?: boolean;
  id?: string;
  className?: string;
};

/** Splits a labelled field's props into those of its frame and those of its control. */
export function useLabelledField<P extends LabelledProps>({
  label,
  hint,
  error,
  isOptional,
  id,
  className = '',
  ...props
}: P) {
  const generated = useId();
  const inputId = id ?? generated;
  const { hintId, errorId, ids } = describedBy(inputId, hint, error);
  return {
    frame: { inputId, label, hint, hintId, error, errorId, isOptional, className },
    control: {
      id: inputId,
      className: inputClasses,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids,
      ...props,
    },
  };
}
