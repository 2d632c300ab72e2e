import { type ComponentProps, useId } from 'react';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  /** The sentence under the box, read with it. */
  note: string;
};

export function CheckboxField({ label, note, id, ...props }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div>
      <label className="flex items-center gap-2 font-medium text-ink">
        <input
          id={inputId}
          type="checkbox"
          aria-describedby={`${inputId}-note`}
          className="size-4 accent-brand-700"
          {...props}
        />
        {label}
      </label>
      <p id={`${inputId}-note`} className="ml-6 text-sm text-muted">
        {note}
      </p>
    </div>
  );
}
