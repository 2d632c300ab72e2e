import type { ReportLinkInput } from '@candor/contract/tags';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { Link } from '@/lib/router';
import { useLinkReport, useRelatedReports, useUnlinkReport } from '../api/tags';

const linkSchema = () =>
  import('@candor/contract/tags').then((contract) => contract.reportLinkInputSchema);

/**
 * What a reference that names no report this handler may read answers, whatever the reason
 * (`admin.related.noSuchReport`, as the English catalogue words it).
 */
export const NO_SUCH_REPORT = 'No report of yours has this reference number.';

/**
 * "Related reports" on the report page (the same incident reported twice): the reports related
 * to this one that are in the handler's list, and relating another by its reference number.
 * Never shown to the reporter.
 */
export function RelatedReportsPanel({ reportId }: { reportId: number }) {
  const t = useT();
  const headingId = useId();
  const related = useRelatedReports(reportId);
  const link = useLinkReport(reportId);
  const unlink = useUnlinkReport(reportId);
  const { field, onSubmit, showServerErrors, errorOf, reset, message } = useContractForm(
    linkSchema,
    {
      defaultValues: { reference: '' },
      requiredMessages: { reference: t('admin.related.referenceRequired') },
    },
  );
  const send = (input: ReportLinkInput) =>
    link.mutate(input, {
      onSuccess: () => reset({ reference: '' }),
      onError: (error) => showServerErrors(error),
    });
  const linkError =
    link.isError && !errorOf('reference')
      ? link.error instanceof ApiError && link.error.status === 404
        ? t('admin.related.noSuchReport')
        : (serverDetail(link.error) ?? t('admin.related.linkFailed'))
      : null;
  const unlinkError = unlink.error
    ? (serverDetail(unlink.error) ?? t('admin.related.unlinkFailed'))
    : null;
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          {t('admin.related.heading')}
        </h2>
        {related.isPending ? (
          <p className="text-sm text-muted">{t('admin.tags.loading')}</p>
        ) : (related.data ?? []).length === 0 ? (
          <p className="text-sm text-ink">{t('admin.related.none')}</p>
        ) : (
          <ul className="space-y-2">
            {(related.data ?? []).map((other) => (
              <li
                key={other.id}
                className="space-y-1 border-b border-slate-200 pb-2 last:border-b-0 last:pb-0"
              >
                <Link
                  to={paths.report(other.id)}
                  className="inline-flex min-h-11 min-w-0 flex-wrap items-center gap-x-2 font-medium text-brand-700 underline underline-offset-2"
                >
                  <span className="whitespace-nowrap font-mono">{other.reference}</span>
                  <bdi className="wrap-anywhere">{other.title}</bdi>
                </Link>
                <div className="flex items-center justify-between gap-2">
                  <StatusBadge status={other.status} />
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={unlink.isPending}
                    aria-label={t('admin.related.unlinkLabel', { reference: other.reference })}
                    onClick={() => unlink.mutate(other.id)}
                  >
                    {t('admin.related.unlink')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {unlinkError && <Alert tone="error">{unlinkError}</Alert>}
        <form noValidate onSubmit={onSubmit(send)} className="space-y-3">
          <TextField
            label={t('admin.related.reference')}
            hint={t('admin.related.referenceHint')}
            autoComplete="off"
            spellCheck={false}
            {...field('reference')}
          />
          <Button
            type="submit"
            variant="secondary"
            isBusy={link.isPending}
            busyLabel={t('admin.related.linking')}
          >
            {t('admin.related.link')}
          </Button>
        </form>
        {linkError && <Alert tone="error">{linkError}</Alert>}
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </section>
    </Card>
  );
}
