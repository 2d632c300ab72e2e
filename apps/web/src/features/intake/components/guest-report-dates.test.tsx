import { render, screen, within } from '@testing-library/react';
import { reportFixture } from '@/test/report-fixture';
import { Dates } from './guest-report-view';

describe('what /track shows of a report', () => {
  it('gives a closed report’s deletion day', () => {
    render(
      <Dates
        report={reportFixture({ status: 'rejected', is_guest: true, purge_on: '2027-11-26' })}
      />,
    );
    const label = screen.getByText('Deleted on');
    const day = within(label.nextElementSibling as HTMLElement).getByText('26 November 2027');
    expect(day).toHaveAttribute('datetime', '2027-11-26');
    expect(label.nextElementSibling).toHaveTextContent('your receipt with them');
  });

  it('gives none while the report is open', () => {
    render(<Dates report={reportFixture({ is_guest: true })} />);
    expect(screen.getByText('Reference number')).toBeInTheDocument();
    expect(screen.queryByText('Deleted on')).toBeNull();
  });
});
