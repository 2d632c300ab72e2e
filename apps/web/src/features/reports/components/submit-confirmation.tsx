import type { Report } from '@candor/contract/reports';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { T, useT } from '@/lib/i18n';

/** Shown after submitting: the reference number to keep, before moving to the report. */
export function SubmitConfirmation({ report }: { report: Report }) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card className="space-y-5">
      <Alert tone="success">{t('reports.confirmation.success')}</Alert>
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-brand-900">
        <T
          id="reports.confirmation.reference"
          values={{ token: report.token }}
          components={[<span key="0" className="font-mono" />]}
        />
      </h2>
      <p className="text-muted">
        {t('reports.confirmation.keep')}
        {report.is_anonymous && ` ${t('reports.confirmation.anonymous')}`}
      </p>
      <div className="flex flex-wrap gap-3">
        <LinkButton to={paths.report(report.id)}>{t('reports.confirmation.view')}</LinkButton>
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard?.writeText(report.token).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('reports.confirmation.copied') : t('reports.confirmation.copy')}
        </Button>
      </div>
    </Card>
  );
}
