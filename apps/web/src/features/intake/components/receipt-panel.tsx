import type { GuestReportCreated } from '@candor/contract/intake';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

function receiptText(created: GuestReportCreated, origin: string) {
  return [
    'Candor receipt',
    '',
    `Receipt: ${created.receipt}`,
    `Reference: ${created.reference}`,
    `Sent to: ${created.organization_name ?? "Candor's administrators"}`,
    '',
    `Follow your report at ${origin}${paths.track}`,
    'This receipt is the only way back to your report. Keep it where nobody else looks.',
    '',
  ].join('\n');
}

/**
 * The receipt, shown once (the server keeps only hashes of it): copy, download as a text file,
 * print, and a confirmation before leaving. Until it is confirmed, closing the tab asks first.
 */
export function ReceiptPanel({ created }: { created: GuestReportCreated }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState(false);
  const [done, setDone] = useState(false);
  const confirmId = useId();
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (saved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saved]);

  const download = () => {
    const blob = new Blob([receiptText(created, window.location.origin)], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `candor-receipt-${created.reference}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  if (done) {
    return (
      <Card className="space-y-4">
        <Alert tone="success">Your report is with its administrators.</Alert>
        <p>
          To read their replies, go to <strong>Track a report</strong> and enter your receipt. Close
          this tab when you are done: nothing about your report stays in this browser.
        </p>
        <LinkButton to={paths.home} variant="secondary">
          Back to the home page
        </LinkButton>
      </Card>
    );
  }

  return (
    <Card className="space-y-5 print:border-0 print:shadow-none">
      <Alert tone="success">Report submitted successfully!</Alert>
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-brand-900">
        Your receipt
      </h2>
      <p className="rounded-xl border-2 border-brand-700 bg-brand-50 px-4 py-3 text-center font-mono text-2xl font-bold tracking-wider text-brand-900 sm:text-3xl">
        <span aria-hidden="true">{created.receipt}</span>
        {/* Read digit by digit, not as four large numbers. */}
        <span className="sr-only">{created.receipt.split('').join(' ')}</span>
      </p>
      <Alert tone="info">
        This receipt is the only way back to your report. Nobody can look it up for you, and it will
        not be shown again. Keep it somewhere only you can reach.
      </Alert>
      <p className="text-muted">
        Reference number <span className="font-mono">{created.reference}</span>. With the receipt
        you can read replies from {created.organization_name ?? 'the administrators'} at{' '}
        <span className="font-semibold">
          {window.location.origin}
          {paths.track}
        </span>
        , answer them and follow what happens.
      </p>
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard?.writeText(created.receipt).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy receipt'}
        </Button>
        <Button variant="secondary" onClick={download}>
          Download as a text file
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <div className="space-y-3 border-t border-slate-200 pt-4 print:hidden">
        <label
          htmlFor={confirmId}
          className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink"
        >
          <input
            id={confirmId}
            type="checkbox"
            checked={saved}
            onChange={(event) => setSaved(event.target.checked)}
            className="size-5 shrink-0 accent-brand-700"
          />
          I have saved my receipt
        </label>
        <Button disabled={!saved} onClick={() => setDone(true)}>
          Done
        </Button>
      </div>
    </Card>
  );
}
