// Plain values and the clock's arithmetic, apart from the schemas (deadlines.ts): a page that
// shows deadlines does not load zod.
import type { ReportStatus } from './enums';

/**
 * The legal clock of a report (EU Directive 2019/1937, Art. 9): acknowledge receipt within
 * 7 days, give feedback within 3 months of the acknowledgement (or of the end of the 7 days when
 * none was sent). Organisations may set shorter periods; the server computes and stores the dates.
 */
export const deadlineKinds = ['acknowledge', 'feedback'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

/** The longest periods the law allows, which are also the platform's defaults. */
export const MAX_ACKNOWLEDGE_DAYS = 7;
export const MAX_FEEDBACK_MONTHS = 3;
/** An organisation's feedback period in days must be shorter than any span of 3 months. */
export const MAX_ORGANIZATION_FEEDBACK_DAYS = 89;
/** "Due soon" on the dashboard: a next deadline within this many days from now. */
export const DUE_SOON_DAYS = 2;

/** The dates every report payload carries (ISO 8601), and its status. */
export type ReportDeadlines = {
  acknowledge_by: string;
  acknowledged_at: string | null;
  feedback_by: string;
  feedback_at: string | null;
  status: ReportStatus;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where one deadline stands: met on time or late, still open, overdue, or stopped (a cancelled
 * report needs neither acknowledgement nor feedback).
 */
export type DeadlineState = 'on_time' | 'late' | 'open' | 'overdue' | 'stopped';

export function deadlineState(
  due: string,
  at: string | null,
  status: ReportStatus,
  now: Date,
): DeadlineState {
  if (at !== null) return Date.parse(at) <= Date.parse(due) ? 'on_time' : 'late';
  if (status === 'cancelled') return 'stopped';
  return now.getTime() > Date.parse(due) ? 'overdue' : 'open';
}

export type NextDeadline = {
  kind: DeadlineKind;
  due: string;
  isOverdue: boolean;
  /** Whole days left (rounded up) or overdue (rounded down). */
  days: number;
};

/** The first deadline not yet met, or null when both are met or the clock stopped. */
export function nextDeadline(report: ReportDeadlines, now: Date): NextDeadline | null {
  if (report.status === 'cancelled') return null;
  const open: [DeadlineKind, string] | null =
    report.acknowledged_at === null
      ? ['acknowledge', report.acknowledge_by]
      : report.feedback_at === null
        ? ['feedback', report.feedback_by]
        : null;
  if (!open) return null;
  const [kind, due] = open;
  const left = Date.parse(due) - now.getTime();
  return left >= 0
    ? { kind, due, isOverdue: false, days: Math.ceil(left / DAY_MS) }
    : { kind, due, isOverdue: true, days: Math.floor(-left / DAY_MS) };
}

const plural = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** The admin card's chip: "acknowledge in 2 days", "feedback overdue 5 days". */
export function deadlineChipText(deadline: NextDeadline): string {
  if (!deadline.isOverdue) {
    return deadline.days === 0
      ? `${deadline.kind} now`
      : `${deadline.kind} in ${plural(deadline.days)}`;
  }
  return deadline.days === 0
    ? `${deadline.kind} overdue`
    : `${deadline.kind} overdue ${plural(deadline.days)}`;
}
