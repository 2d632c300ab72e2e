import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { ReceiptPanel } from './receipt-panel';
import { TrackChangesNotice } from './track-changes';

const created = {
  receipt: '1234 5678 9012 3456',
  reference: 'CND-7K3Q-9XW2-M4TD',
  submitted_at: '2026-11-23',
  organization_name: 'Hillside School',
  acknowledge_by: '2026-11-30',
  feedback_by: '2027-02-28',
};

describe('ReceiptPanel', () => {
  it('shows the receipt once, says it is the only way back, and waits for the confirmation', async () => {
    renderPage(<ReceiptPanel created={created} />);
    const digits = await screen.findByTestId('receipt-digits');
    expect(digits.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^1234 5678 9012 3456$/);
    // Two pairs of groups that do not break inside, for a narrow screen.
    expect([...digits.querySelectorAll('[data-pair]')].map((pair) => pair.textContent)).toEqual([
      '1234 5678',
      '9012 3456',
    ]);
    expect(screen.getByText(/only way back to your report\. Nobody/)).toBeInTheDocument();
    // When to expect an answer, as /track shows it later, and how to stay safe.
    const expect_ = screen.getByRole('region', { name: 'When to expect an answer' });
    expect(expect_).toHaveTextContent(/Acknowledgement of receipt\s*by 30 November 2026/);
    expect(expect_).toHaveTextContent(/Feedback on what is being done\s*by 28 February 2027/);
    expect(screen.getByRole('region', { name: 'Staying safe' })).toHaveTextContent(
      /not the work Wi-Fi or VPN/,
    );
    for (const name of ['Copy receipt', 'Download as a text file', 'Print']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I have saved my receipt'));
    await userEvent.click(done);
    expect(screen.getByText('Your report is with its administrators.')).toBeInTheDocument();
    // Focus stays with what replaced the receipt; Track a report is a link.
    expect(document.activeElement).toHaveTextContent('Your report is with its administrators.');
    expect(screen.getByRole('link', { name: 'Track a report' })).toHaveAttribute('href', '/track');
    expect(screen.queryByTestId('receipt-digits')).not.toBeInTheDocument();
  });
});

describe('TrackChangesNotice', () => {
  it('says a reply is waiting and the status that changed', () => {
    renderPage(
      <TrackChangesNotice
        changes={{ is_first_visit: false, previous_status: 'pending', new_replies: 1 }}
        status="under_review"
      />,
    );
    expect(
      screen.getByText(
        /A reply is waiting: the administrators wrote to you since your last visit\. The status changed from Pending to Under Review\./,
      ),
    ).toBeInTheDocument();
  });

  it('says when nothing changed', () => {
    renderPage(
      <TrackChangesNotice
        changes={{ is_first_visit: false, previous_status: null, new_replies: 0 }}
        status="pending"
      />,
    );
    expect(screen.getByText(/Nothing has changed since your last visit\./)).toBeInTheDocument();
  });
});
