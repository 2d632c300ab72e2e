import { CheckboxField } from '@/components/ui/checkbox-field';
import { useT } from '@/lib/i18n';

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
  const t = useT();
  return (
    <CheckboxField
      label={t('components.certificateTitle.label')}
      note={t('components.certificateTitle.note')}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
