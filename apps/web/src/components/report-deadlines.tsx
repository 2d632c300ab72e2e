import type { ReportDeadlines as Deadlines } from '@candor/contract/deadline-clock';
import { type ReporterDeadlineLine, reporterDeadlineLines } from '@/lib/deadline-words';
import { useT } from '@/lib/i18n';

const marks: Record<ReporterDeadlineLine['state'], string> = {
  on_time: 'text-green-800',
  late: 'text-red-800',
  open: 'text-ink',
  overdue: 'text-red-800',
  stopped: 'text-muted',
};

type ReportDeadlinesProps = {
  report: Deadlines;
  /** The time the words are for; now unless given (tests). */
  now?: Date;
  timeZone?: string;
  /** `section`: a titled block (report page, /track); `compact`: two lines (My Reports). */
  variant?: 'section' | 'compact';
  headingLevel?: 'h2' | 'h3';
};

/**
 * The reporter's view of the legal clock: when to expect the acknowledgement of receipt and the
 * feedback, and whether each came on time, in plain words.
 */
export function ReportDeadlines({
  report,
  now = new Date(),
  timeZone,
  variant = 'section',
  headingLevel: Heading = 'h2',
}: ReportDeadlinesProps) {
  const t = useT();
  const lines = reporterDeadlineLines(report, now, timeZone);
  const list = (
    <dl
      className={
        variant === 'compact'
          ? 'grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]'
          : 'grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]'
      }
    >
      {lines.map((line) => (
        <div key={line.kind} className="contents" data-deadline={line.kind}>
          <dt className="font-medium text-muted">{line.label}</dt>
          <dd className={line.state === 'open' ? 'text-ink' : `font-medium ${marks[line.state]}`}>
            {line.text}
          </dd>
        </div>
      ))}
    </dl>
  );
  if (variant === 'compact') return list;
  return (
    <section aria-labelledby="report-deadlines-heading" className="space-y-3">
      <Heading id="report-deadlines-heading" className="text-lg font-semibold text-brand-900">
        {t('components.deadlines.heading')}
      </Heading>
      <p className="text-sm text-muted">{t('components.deadlines.lead')}</p>
      {list}
    </section>
  );
}
