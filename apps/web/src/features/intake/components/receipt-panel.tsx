import type { GuestReportCreated } from '@candor/contract/intake';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format';
import { T, t as translate, useT } from '@/lib/i18n';
import { Link, useBase, useLeaveGuard } from '@/lib/router';
import { SafetyAdvice } from './safety-advice';

/** The receipt as a text file, in the page's language. */
function receiptText(created: GuestReportCreated, origin: string) {
  const t = translate;
  const destination = created.organization_name ?? t('intake.receipt.file.platform');
  return [
    t('intake.receipt.file.title'),
    '',
    t('intake.receipt.file.receipt', { receipt: created.receipt }),
    t('intake.receipt.file.reference', { reference: created.reference }),
    t('intake.receipt.file.sentTo', { destination }),
    '',
    t('intake.receipt.file.acknowledgeBy', { day: formatDay(created.acknowledge_by) }),
    t('intake.receipt.file.feedbackBy', { day: formatDay(created.feedback_by) }),
    '',
    t('intake.receipt.file.follow', { address: `${origin}${paths.track}` }),
    t('intake.receipt.file.keep'),
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
  const t = useT();
  return (
    <section aria-labelledby="receipt-expect" className="space-y-2">
      <h3 id="receipt-expect" className="font-semibold text-brand-900">
        {t('intake.receipt.expect.title')}
      </h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">{t('intake.receipt.expect.acknowledgement')}</dt>
        <dd>
          <T
            id="intake.receipt.expect.by"
            values={{ day: formatDay(created.acknowledge_by) }}
            components={[<time key="day" dateTime={created.acknowledge_by} />]}
          />
        </dd>
        <dt className="font-medium text-muted">{t('intake.receipt.expect.feedback')}</dt>
        <dd>
          <T
            id="intake.receipt.expect.by"
            values={{ day: formatDay(created.feedback_by) }}
            components={[<time key="day" dateTime={created.feedback_by} />]}
          />
        </dd>
      </dl>
      <p className="text-sm text-muted">{t('intake.receipt.expect.where')}</p>
    </section>
  );
}

/**
 * The receipt, shown once (the server keeps only hashes of it): copy, download as a text file,
 * print, and a confirmation before leaving. Until it is confirmed, every way out asks first: a
 * link, Back, closing the tab.
 */
export function ReceiptPanel({ created }: { created: GuestReportCreated }) {
  const t = useT();
  // The way back is given in the page's language (`/es/track`).
  const site = `${window.location.origin}${useBase()}`;
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
  useLeaveGuard(!saved, t('intake.receipt.leave'));

  const download = () => {
    const blob = new Blob([receiptText(created, site)], { type: 'text/plain' });
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
          <Alert tone="success">{t('intake.receipt.done.withAdministrators')}</Alert>
        </div>
        <p>
          <T
            id="intake.receipt.done.howToRead"
            components={[
              <Link
                key="track"
                to={paths.track}
                className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
              />,
            ]}
          />
        </p>
        <LinkButton to={paths.home} variant="secondary">
          {t('intake.receipt.done.home')}
        </LinkButton>
      </Card>
    );
  }

  return (
    <Card className="space-y-5 print:border-0 print:shadow-none">
      <Alert tone="success">{t('intake.receipt.submitted')}</Alert>
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-brand-900">
        {t('intake.receipt.title')}
      </h2>
      <p
        data-testid="receipt-digits"
        className="rounded-xl border-2 border-brand-700 bg-brand-50 px-3 py-3 text-center font-mono text-2xl font-bold tracking-wider text-brand-900 sm:text-3xl"
      >
        <ReceiptDigits receipt={created.receipt} />
        {/* Read digit by digit, not as four large numbers. */}
        <span className="sr-only">{created.receipt.split('').join(' ')}</span>
      </p>
      <Alert tone="info">{t('intake.receipt.onlyWayBack')}</Alert>
      <p className="text-muted">
        <T
          id={
            created.organization_name
              ? 'intake.receipt.repliesFromOrganization'
              : 'intake.receipt.repliesFromAdministrators'
          }
          values={{
            reference: created.reference,
            organization: created.organization_name,
            address: `${site}${paths.track}`,
          }}
          components={[
            <span key="reference" className="whitespace-nowrap font-mono" />,
            <span key="address" className="font-semibold" />,
          ]}
        />
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
          {copied ? t('intake.copied') : t('intake.receipt.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('intake.receipt.download')}
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          {t('intake.receipt.print')}
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
          {t('intake.receipt.saved')}
        </label>
        <Button disabled={!saved} onClick={() => setDone(true)}>
          {t('intake.receipt.done')}
        </Button>
      </div>
    </Card>
  );
}
