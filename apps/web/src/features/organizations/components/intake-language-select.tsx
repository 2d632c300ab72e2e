import { isLanguage, languageNames, languages } from '@candor/contract/languages';
import type { MyOrganization } from '@candor/contract/organizations';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { useT } from '@/lib/i18n';
import { useSetIntakeLanguage } from '../api/set-intake-language';

/**
 * The language the organisation's intake page opens in for a visitor who has chosen none
 * (docs/languages.md); the visitor can still change it. Each language is named in itself.
 */
export function IntakeLanguageSelect({
  organization,
}: {
  organization: NonNullable<MyOrganization>;
}) {
  const t = useT();
  const update = useSetIntakeLanguage();
  const id = useId();
  return (
    <div className="mt-6">
      <label htmlFor={id} className="block font-medium text-ink">
        {t('organizations.intakeLanguage.label')}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {t('organizations.intakeLanguage.hint')}
      </p>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={organization.default_language ?? ''}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(isLanguage(event.target.value) ? event.target.value : null)
        }
        className="mt-2 block min-h-11 w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 text-ink"
      >
        <option value="">{t('organizations.intakeLanguage.visitors')}</option>
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
      {update.isSuccess && (
        <p role="status" className="mt-1 text-sm text-muted">
          {t('organizations.intakeLanguage.saved')}
        </p>
      )}
      {update.isError && (
        <Alert tone="error" className="mt-2">
          {t('organizations.intakeLanguage.failed')}
        </Alert>
      )}
    </div>
  );
}
