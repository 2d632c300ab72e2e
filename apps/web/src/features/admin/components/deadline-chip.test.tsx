import { render, screen } from '@testing-library/react';
import { adminReportFixture } from '@/test/report-fixture';
import { DeadlineChip } from './deadline-chip';

const DAY = 24 * 60 * 60 * 1000;
const due = '2027-03-05T10:00:00.000Z';

describe('DeadlineChip', () => {
  it('reads out the next deadline with its day, coloured by how close it is', () => {
    const { container } = render(
      <DeadlineChip
        report={adminReportFixture({ acknowledge_by: due })}
        now={new Date(Date.parse(due) - 1.5 * DAY)}
      />,
    );
    const chip = container.querySelector('[data-deadline]') as HTMLElement;
    expect(chip).toHaveTextContent('Acknowledge in 2 days, due 5 March 2027');
    expect(screen.getByText(', due 5 March 2027')).toHaveClass('sr-only');
    expect(chip).toHaveClass('bg-amber-100', 'text-amber-950');
  });

  it('marks a missed deadline as overdue, in red', () => {
    const report = adminReportFixture({
      acknowledged_at: '2027-03-01T10:00:00.000Z',
      feedback_by: due,
    });
    const { container } = render(
      <DeadlineChip report={report} now={new Date(Date.parse(due) + 5.2 * DAY)} />,
    );
    const chip = container.querySelector('[data-deadline="overdue"]') as HTMLElement;
    expect(chip).toHaveTextContent('Feedback overdue 5 days, was due 5 March 2027');
    expect(chip).toHaveClass('bg-red-100', 'text-red-900');
  });

  it('shows nothing once both deadlines are met', () => {
    const { container } = render(
      <DeadlineChip
        report={adminReportFixture({
          acknowledged_at: '2027-03-01T10:00:00.000Z',
          feedback_at: '2027-03-02T10:00:00.000Z',
          status: 'resolved',
        })}
        now={new Date(Date.parse(due) + 90 * DAY)}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
