import { CheckboxField } from '@/components/ui/checkbox-field';

/**
 * Where a certificate is downloaded (My Reports and /track): it prints the report's title only when
 * its reporter ticks this, off by default.
 */
export function CertificateTitleChoice({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <CheckboxField
      label="Print the report's title on the certificate"
      note="Off unless you tick it: a certificate is often shown to others, and the title may say more than they need to read."
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
