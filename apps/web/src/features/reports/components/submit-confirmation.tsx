import type { Report } from '@candor/contract/reports';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

/** Shown after submitting: the reference number to keep, before moving to the report. */
export function SubmitConfirmation({ report }: { report: Report }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card className="space-y-5">
      <Alert tone="success">Report submitted successfully!</Alert>
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-brand-900">
        Your reference number is <span className="font-mono">{report.token}</span>
      </h2>
      <p className="text-muted">
        Keep this number somewhere safe. You can quote it when you follow up, and you will find this
        report under My Reports.
        {report.is_anonymous && ' Administrators will not see your name or username.'}
      </p>
      <div className="flex flex-wrap gap-3">
        <LinkButton to={paths.report(report.id)}>View your report</LinkButton>
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard?.writeText(report.token).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy reference number'}
        </Button>
      </div>
    </Card>
  );
}
