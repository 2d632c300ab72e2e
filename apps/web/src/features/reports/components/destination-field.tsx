import type { ReportDestination } from '@candor/contract/enums';
import type { MyOrganization } from '@candor/contract/organizations';
import { Send } from 'lucide-react';
import { RadioField } from '@/components/ui/radio-field';
import type { Registration } from '@/lib/forms/use-form';
import { t, useT } from '@/lib/i18n';

export const PLATFORM_NAME = 'Candor';

/** "ACME’s administrators" or "Candor’s administrators". */
export function administratorsOf(name: string) {
  return t('reports.destination.administratorsOf', { name });
}

/** Where the report goes, in the words the form and the report page use. */
export function destinationSentence(organization: string | null) {
  return t('reports.destination.goesTo', {
    administrators: administratorsOf(organization ?? PLATFORM_NAME),
  });
}

type DestinationFieldProps = {
  /** The reporter's organisation: null when they belong to none, undefined while unknown. */
  organization: MyOrganization | undefined;
  isUnknown: boolean;
  value: ReportDestination;
  registration: Registration<'destination'>;
  firstId: string;
  error?: string;
};

/**
 * Says who will read the report before it is sent, and lets a member of an organisation send it
 * to the platform's administrators instead of their organisation's (docs/api.md "Where a report goes").
 */
export function DestinationField({
  organization,
  isUnknown,
  value,
  registration,
  firstId,
  error,
}: DestinationFieldProps) {
  const t = useT();
  const name = organization?.name ?? null;
  const sentence = isUnknown
    ? t('reports.destination.unknown', { administrators: administratorsOf(PLATFORM_NAME) })
    : destinationSentence(name && value === 'organization' ? name : null);
  return (
    <div className="space-y-3">
      {name && (
        <fieldset className="space-y-3" aria-describedby={error ? `${firstId}-error` : undefined}>
          <legend className="font-medium text-ink">{t('reports.destination.legend')}</legend>
          <RadioField
            id={firstId}
            value="organization"
            label={t('reports.destination.choice', { name })}
            note={t('reports.destination.organizationNote', { name })}
            {...registration}
          />
          <RadioField
            id={`${firstId}-platform`}
            value="platform"
            label={t('reports.destination.choice', { name: PLATFORM_NAME })}
            note={t('reports.destination.platformNote', {
              name,
              administrators: administratorsOf(name),
            })}
            {...registration}
          />
          {error && (
            <p id={`${firstId}-error`} className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 font-medium text-brand-900"
      >
        <Send aria-hidden="true" className="mt-0.5 size-5 shrink-0 rtl:-scale-x-100" />
        {sentence}
      </p>
    </div>
  );
}
