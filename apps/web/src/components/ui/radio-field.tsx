import type { ComponentProps } from 'react';

type RadioFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  id: string;
  label: string;
  /** The sentence under the choice, read with it. */
  note: string;
};

/** One choice of a radio group; the whole label row is a 44 px target for a thumb. */
export function RadioField({ id, label, note, ...props }: RadioFieldProps) {
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink">
        <input
          id={id}
          type="radio"
          aria-describedby={`${id}-note`}
          className="size-5 shrink-0 accent-brand-700"
          {...props}
        />
        {label}
      </label>
      <p id={`${id}-note`} className="ms-8 text-sm text-muted">
        {note}
      </p>
    </div>
  );
}
