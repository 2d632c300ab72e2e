import {
  type DeadlineKind,
  type DeadlineState,
  deadlineState,
  type NextDeadline,
  type ReportDeadlines,
} from '@candor/contract/deadline-clock';
import { intlLocale, t } from '@/lib/i18n';

/** Per language and time zone, made on first use. */
const longDays = new Map<string, Intl.DateTimeFormat>();

/** An instant as the day it falls on for the reader, in plain words: "3 March 2027". */
export function formatLongDay(iso: string, timeZone?: string): string {
  const locale = intlLocale();
  const key = `${locale} ${timeZone ?? ''}`;
  let format = longDays.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    });
    longDays.set(key, format);
  }
  return format.format(new Date(iso));
}

export type ReporterDeadlineLine = {
  kind: DeadlineKind;
  /** "Acknowledgement" or "Feedback". */
  label: string;
  state: DeadlineState;
  /** Plain words: "Acknowledged on 3 March 2027, on time"; "Feedback expected by 4 June 2027". */
  text: string;
};

/** Each kind's words: its name, and a whole sentence per state (`{day}` given, `{due}` due). */
const words: Record<DeadlineKind, { label: string } & Record<DeadlineState, string>> = {
  acknowledge: {
    label: 'lib.deadline.acknowledge.label',
    on_time: 'lib.deadline.acknowledge.onTime',
    late: 'lib.deadline.acknowledge.late',
    open: 'lib.deadline.acknowledge.open',
    overdue: 'lib.deadline.acknowledge.overdue',
    stopped: 'lib.deadline.acknowledge.stopped',
  },
  feedback: {
    label: 'lib.deadline.feedback.label',
    on_time: 'lib.deadline.feedback.onTime',
    late: 'lib.deadline.feedback.late',
    open: 'lib.deadline.feedback.open',
    overdue: 'lib.deadline.feedback.overdue',
    stopped: 'lib.deadline.feedback.stopped',
  },
};

/**
 * What the reporter is told of the legal clock (docs/design.md "The legal clock"): when to
 * expect the acknowledgement of receipt and the feedback, and whether they came on time.
 */
export function reporterDeadlineLines(
  report: ReportDeadlines,
  now: Date,
  timeZone?: string,
): ReporterDeadlineLine[] {
  const day = (iso: string) => formatLongDay(iso, timeZone);
  const line = (kind: DeadlineKind, due: string, at: string | null): ReporterDeadlineLine => {
    const state = deadlineState(due, at, report.status, now);
    const ids = words[kind];
    const text = t(ids[state], { day: day(at ?? due), due: day(due) });
    return { kind, label: t(ids.label), state, text };
  };
  return [
    line('acknowledge', report.acknowledge_by, report.acknowledged_at),
    line('feedback', report.feedback_by, report.feedback_at),
  ];
}

/** The admin chip's words: now, in so many days, overdue, overdue so many days. */
const chipWords: Record<DeadlineKind, Record<'in' | 'now' | 'overdue' | 'overdueDays', string>> = {
  acknowledge: {
    in: 'lib.deadline.chip.acknowledge.in',
    now: 'lib.deadline.chip.acknowledge.now',
    overdue: 'lib.deadline.chip.acknowledge.overdue',
    overdueDays: 'lib.deadline.chip.acknowledge.overdueDays',
  },
  feedback: {
    in: 'lib.deadline.chip.feedback.in',
    now: 'lib.deadline.chip.feedback.now',
    overdue: 'lib.deadline.chip.feedback.overdue',
    overdueDays: 'lib.deadline.chip.feedback.overdueDays',
  },
};

/** The admin chip's words: "Acknowledge in 2 days", "Feedback overdue 5 days". */
export function chipText(deadline: NextDeadline): string {
  const ids = chipWords[deadline.kind];
  const id = deadline.isOverdue
    ? deadline.days === 0
      ? ids.overdue
      : ids.overdueDays
    : deadline.days === 0
      ? ids.now
      : ids.in;
  return t(id, { days: deadline.days });
}
