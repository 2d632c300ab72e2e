import { nextDeadline, type ReportDeadlines } from '@candor/contract/deadline-clock';
import { Clock } from 'lucide-react';
import { chipText, formatLongDay } from '@/lib/deadline-words';
import { useT } from '@/lib/i18n';

/** Days ahead from which a deadline is shown as close. */
const CLOSE_DAYS = 2;

/**
 * The report card's legal clock: the next deadline not met, "Acknowledge in 2 days" or "Feedback
 * overdue 5 days", its day read out with it. Nothing once both are met or the report is
 * cancelled. Each colour pair passes WCAG AA.
 */
export function DeadlineChip({
  report,
  now = new Date(),
}: {
  report: ReportDeadlines;
  now?: Date;
}) {
  const t = useT();
  const deadline = nextDeadline(report, now);
  if (!deadline) return null;
  const tone = deadline.isOverdue
    ? 'bg-red-100 text-red-900 ring-red-300'
    : deadline.days <= CLOSE_DAYS
      ? 'bg-amber-100 text-amber-950 ring-amber-300'
      : 'bg-slate-100 text-slate-800 ring-slate-300';
  return (
    <span
      data-deadline={deadline.isOverdue ? 'overdue' : 'open'}
      className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      <Clock aria-hidden="true" className="size-3.5" />
      {chipText(deadline)}
      <span className="sr-only">
        {deadline.isOverdue
          ? t('admin.deadline.wasDue', { day: formatLongDay(deadline.due) })
          : t('admin.deadline.due', { day: formatLongDay(deadline.due) })}
      </span>
    </span>
  );
}
