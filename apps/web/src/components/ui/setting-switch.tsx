import { useId } from 'react';
import { Alert } from '@/components/ui/alert';

type SettingSwitchProps = {
  label: string;
  checked: boolean;
  /** The sentence under the switch, read with it: what the setting does as it stands. */
  note: string;
  /** While the change is being saved. */
  saving: boolean;
  /** What to say when the last change could not be saved (null: nothing failed). */
  failure: string | null;
  onChange: (checked: boolean) => void;
};

/** A setting saved as soon as it is switched, with its note and the error when saving fails. */
export function SettingSwitch({
  label,
  checked,
  note,
  saving,
  failure,
  onChange,
}: SettingSwitchProps) {
  const switchId = useId();
  return (
    <>
      <label
        htmlFor={switchId}
        className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink"
      >
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={saving}
          aria-describedby={`${switchId}-note`}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-brand-700"
        />
        {label}
      </label>
      <p id={`${switchId}-note`} className="ms-8 text-sm text-muted">
        {note}
      </p>
      {failure && (
        <Alert tone="error" className="mt-2">
          {failure}
        </Alert>
      )}
    </>
  );
}
