import type { GuestReportCreated } from '@candor/contract/intake';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format';
import { Link, useLeaveGuard } from '@/lib/router';
import { SafetyAdvice } from './safety-advice';

export const LEAVE_RECEIPT =
  'Leave without your receipt? It will not be shown again, and it is the only way back to your report.';

function receiptText(created: GuestReportCreated, origin: string) {
  return [
    'Candor receipt',
    '',
    `Receipt: ${created.receipt}`,
    `Reference: ${created.reference}`,
    `Sent to: ${created.organization_name ?? "Candor's administrators"}`,
    '',
    `Acknowledgement of receipt expected by: ${formatDay(created.acknowledge_by)}`,
    `Feedback expected by: ${formatDay(created.feedback_by)}`,
    '',
    `Follow your report at ${origin}${paths.track}`,
    'This receipt is the only way back to your report. Keep it where nobody else looks.',
    '',
  ].join('\n');
}

/**
 * The 16 digits in four groups, for the eye. On a narrow screen they wrap between the second and
 * the third group (two lines of two), never inside a pair; the text is the receipt as given.
 */
function ReceiptDigits({ receipt }: { receipt: string }) {
  const groups = receipt.split(' ');
  const [firstPair, secondPair] = [groups.slice(0, 2).join(' '), groups.slice(2).join(' ')];
  return (
    <span aria-hidden="true">
      <span data-pair className="whitespace-nowrap">
        {firstPair}
      </span>{' '}
      <span data-pair className="whitespace-nowrap">
        {secondPair}
      </span>
    </span>
  );
}

/** When to expect an answer, as /track shows it later (docs/api.md "Legal deadlines"). */
function ExpectedDates({ created }: { created: GuestReportCreated }) {
  return (
    <section aria-labelledby="receipt-expect" className="space-y-2">
      <h3 id="receipt-expect" className="font-semibold text-brand-900">
        When to expect an answer
      </h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">Acknowledgement of receipt</dt>
        <dd>
          by <time dateTime={created.acknowledge_by}>{formatDay(created.acknowledge_by)}</time>
        </dd>
        <dt className="font-medium text-muted">Feedback on what is being done</dt>
        <dd>
          by <time dateTime={created.feedback_by}>{formatDay(created.feedback_by)}</time>
        </dd>
      </dl>
      <p className="text-sm text-muted">Both are read with your receipt, on Track a report.</p>
    </section>
  );
}

/**
 * The receipt, shown once (the server keeps only hashes of it): copy, download as a text file,
 * print, and a confirmation before leaving. Until it is confirmed, every way out asks first: a
 * link, Back, closing the tab.
 */
export function ReceiptPanel({ created }: { created: GuestReportCreated }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState(false);
  const [done, setDone] = useState(false);
  const confirmId = useId();
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // After Done, focus goes to what replaced the receipt, not to the page's start.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  useLeaveGuard(!saved, LEAVE_RECEIPT);

  const download = () => {
    const blob = new Blob([receiptText(created, window.location.origin)], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    // A neutral name: the downloads folder says nothing of what it is.
    link.download = 'receipt.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  if (done) {
    return (
      <Card className="space-y-4">
        <div ref={doneRef} tabIndex={-1} className="outline-none">
          <Alert tone="success">Your report is with its administrators.</Alert>
        </div>
        <p>
          To read their replies, go to{' '}
          <Link
            to={paths.track}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
          >
            Track a report
          </Link>{' '}
          and enter your receipt. Close this tab when you are done: nothing about your report stays
          in this browser.
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
      <p
        data-testid="receipt-digits"
        className="rounded-xl border-2 border-brand-700 bg-brand-50 px-3 py-3 text-center font-mono text-2xl font-bold tracking-wider text-brand-900 sm:text-3xl"
      >
        <ReceiptDigits receipt={created.receipt} />
        {/* Read digit by digit, not as four large numbers. */}
        <span className="sr-only">{created.receipt.split('').join(' ')}</span>
      </p>
      <Alert tone="info">
        This receipt is the only way back to your report. Nobody can look it up for you, and it will
        not be shown again. Keep it somewhere only you can reach.
      </Alert>
      <p className="text-muted">
        Reference number <span className="whitespace-nowrap font-mono">{created.reference}</span>.
        With the receipt you can read replies from{' '}
        {created.organization_name ?? 'the administrators'} at{' '}
        <span className="font-semibold">
          {window.location.origin}
          {paths.track}
        </span>
        , answer them and follow what happens.
      </p>
      <ExpectedDates created={created} />
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
      <div className="print:hidden">
        <SafetyAdvice headingLevel="h3" />
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
