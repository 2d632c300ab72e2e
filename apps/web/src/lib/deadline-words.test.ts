import type { ReportDeadlines } from '@candor/contract/deadline-clock';
import { nextDeadline } from '@candor/contract/deadline-clock';
import { chipText, formatLongDay, reporterDeadlineLines } from './deadline-words';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const clock = (overrides: Partial<ReportDeadlines> = {}): ReportDeadlines => ({
  acknowledge_by: '2027-03-05T10:00:00.000Z',
  acknowledged_at: null,
  feedback_by: '2027-06-05T10:00:00.000Z',
  feedback_at: null,
  status: 'pending',
  ...overrides,
});

const texts = (report: ReportDeadlines, now: string) =>
  reporterDeadlineLines(report, new Date(now), 'UTC').map((line) => [line.label, line.text]);

describe('what the reporter is told of the legal clock', () => {
  it('says when to expect each, before either is due', () => {
    expect(texts(clock(), '2027-03-01T00:00:00Z')).toEqual([
      ['Acknowledgement', 'Acknowledgement expected by 5 March 2027'],
      ['Feedback', 'Feedback expected by 5 June 2027'],
    ]);
  });

  it('says when each was given and whether on time', () => {
    const onTime = clock({
      acknowledged_at: '2027-03-03T09:00:00.000Z',
      feedback_by: '2027-06-04T09:00:00.000Z',
      status: 'under_review',
    });
    expect(texts(onTime, '2027-03-10T00:00:00Z')).toEqual([
      ['Acknowledgement', 'Acknowledged on 3 March 2027, on time'],
      ['Feedback', 'Feedback expected by 4 June 2027'],
    ]);
    const late = clock({
      acknowledged_at: '2027-03-06T09:00:00.000Z',
      feedback_at: '2027-05-01T12:00:00.000Z',
      status: 'resolved',
    });
    expect(texts(late, '2027-05-02T00:00:00Z')).toEqual([
      ['Acknowledgement', 'Acknowledged on 6 March 2027, late (it was due by 5 March 2027)'],
      ['Feedback', 'Feedback given on 1 May 2027, on time'],
    ]);
  });

  it('says when one is overdue, and that none is needed once the report is cancelled', () => {
    expect(texts(clock(), '2027-03-07T00:00:00Z')[0]).toEqual([
      'Acknowledgement',
      'Acknowledgement expected by 5 March 2027: it is overdue',
    ]);
    expect(texts(clock({ status: 'cancelled' }), '2027-03-07T00:00:00Z')).toEqual([
      ['Acknowledgement', 'No acknowledgement is needed: the report was cancelled'],
      ['Feedback', 'No feedback is needed: the report was cancelled'],
    ]);
  });

  it('gives the day where the reader is', () => {
    expect(formatLongDay('2027-03-05T23:30:00.000Z', 'UTC')).toBe('5 March 2027');
    expect(formatLongDay('2027-03-05T23:30:00.000Z', 'Europe/Berlin')).toBe('6 March 2027');
  });
});

describe('the admin card’s chip', () => {
  const chip = (report: ReportDeadlines, now: number) => {
    const deadline = nextDeadline(report, new Date(now));
    return deadline ? chipText(deadline) : null;
  };
  const due = Date.parse('2027-03-05T10:00:00.000Z');

  it('counts the days to the next deadline, rounded up', () => {
    expect(chip(clock(), due - 1.5 * DAY)).toBe('Acknowledge in 2 days');
    expect(chip(clock(), due - 20 * HOUR)).toBe('Acknowledge in 1 day');
    expect(chip(clock(), due)).toBe('Acknowledge now');
  });

  it('counts the days overdue, rounded down, and moves to feedback once acknowledged', () => {
    expect(chip(clock(), due + 2 * HOUR)).toBe('Acknowledge overdue');
    const acknowledged = clock({ acknowledged_at: '2027-03-04T10:00:00.000Z' });
    const feedbackDue = Date.parse(acknowledged.feedback_by);
    expect(chip(acknowledged, feedbackDue - 10 * DAY)).toBe('Feedback in 10 days');
    expect(chip(acknowledged, feedbackDue + 5.5 * DAY)).toBe('Feedback overdue 5 days');
  });

  it('shows nothing once both are met or the report is cancelled', () => {
    const met = clock({
      acknowledged_at: '2027-03-04T10:00:00.000Z',
      feedback_at: '2027-04-04T10:00:00.000Z',
      status: 'resolved',
    });
    expect(chip(met, due + 60 * DAY)).toBeNull();
    expect(chip(clock({ status: 'cancelled' }), due + DAY)).toBeNull();
  });
});
