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
      {/* The whole label row toggles the box: a 44 px target for a thumb. */}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink">
        <input
          id={inputId}
          type="checkbox"
          aria-describedby={`${inputId}-note`}
          className="size-5 shrink-0 accent-brand-700"
          {...props}
        />
        {label}
      </label>
      <p id={`${inputId}-note`} className="ms-8 text-sm text-muted">
        {note}
      </p>
    </div>
  );
}
