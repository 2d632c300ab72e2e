import {
  type DeadlineKind,
  type DeadlineState,
  deadlineChipText,
  deadlineState,
  type NextDeadline,
  type ReportDeadlines,
} from '@candor/contract/deadline-clock';

const longDays = new Map<string, Intl.DateTimeFormat>();

/** An instant as the day it falls on for the reader, in plain words: "3 March 2027". */
export function formatLongDay(iso: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = longDays.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
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

type Words = { label: string; given: string; expected: string; noun: string };

const words: Record<DeadlineKind, Words> = {
  acknowledge: {
    label: 'Acknowledgement',
    given: 'Acknowledged',
    expected: 'Acknowledgement expected',
    noun: 'acknowledgement',
  },
  feedback: {
    label: 'Feedback',
    given: 'Feedback given',
    expected: 'Feedback expected',
    noun: 'feedback',
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
    const w = words[kind];
    const text = {
      on_time: `${w.given} on ${day(at ?? due)}, on time`,
      late: `${w.given} on ${day(at ?? due)}, late (it was due by ${day(due)})`,
      open: `${w.expected} by ${day(due)}`,
      overdue: `${w.expected} by ${day(due)}: it is overdue`,
      stopped: `No ${w.noun} is needed: the report was cancelled`,
    }[state];
    return { kind, label: w.label, state, text };
  };
  return [
    line('acknowledge', report.acknowledge_by, report.acknowledged_at),
    line('feedback', report.feedback_by, report.feedback_at),
  ];
}

/** The admin chip's words, capitalised: "Acknowledge in 2 days", "Feedback overdue 5 days". */
export function chipText(deadline: NextDeadline): string {
  const text = deadlineChipText(deadline);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
