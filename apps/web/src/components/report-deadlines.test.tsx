import { render, screen, within } from '@testing-library/react';
import { reportFixture } from '@/test/report-fixture';
import { ReportDeadlines } from './report-deadlines';

describe('ReportDeadlines', () => {
  it('names each deadline and says, in plain words, where it stands', () => {
    const report = reportFixture({
      acknowledge_by: '2027-03-05T10:00:00.000Z',
      acknowledged_at: '2027-03-03T09:00:00.000Z',
      feedback_by: '2027-06-04T09:00:00.000Z',
      status: 'under_review',
    });
    render(
      <ReportDeadlines report={report} now={new Date('2027-03-10T00:00:00Z')} timeZone="UTC" />,
    );
    const section = screen.getByRole('region', { name: 'What to expect' });
    const terms = within(section)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const details = within(section)
      .getAllByRole('definition')
      .map((item) => item.textContent);
    expect(terms).toEqual(['Acknowledgement', 'Feedback']);
    expect(details).toEqual([
      'Acknowledged on 3 March 2027, on time',
      'Feedback expected by 4 June 2027',
    ]);
  });

  it('in a list, gives the two lines without a heading', () => {
    render(
      <ReportDeadlines
        report={reportFixture({ acknowledge_by: '2027-03-05T10:00:00.000Z' })}
        now={new Date('2027-03-07T00:00:00Z')}
        timeZone="UTC"
        variant="compact"
      />,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(
      screen.getByText('Acknowledgement expected by 5 March 2027: it is overdue'),
    ).toBeInTheDocument();
  });
});
