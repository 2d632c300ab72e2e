import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';

type FieldFrameProps = {
  inputId: string;
  label: string;
  hint?: string;
  hintId?: string;
  error?: string;
  errorId?: string;
  isOptional?: boolean;
  className?: string;
  children: ReactNode;
};

/** Label above, hint and error below: the frame of every labelled field. */
export function FieldFrame({
  inputId,
  label,
  hint,
  hintId,
  error,
  errorId,
  isOptional,
  className = '',
  children,
}: FieldFrameProps) {
  const t = useT();
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-ink">
        {label}
        {isOptional && <span className="font-normal text-muted"> {t('ui.field.optional')}</span>}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
