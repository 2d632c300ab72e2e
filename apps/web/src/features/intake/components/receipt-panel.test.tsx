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
};

describe('ReceiptPanel', () => {
  it('shows the receipt once, says it is the only way back, and waits for the confirmation', async () => {
    renderPage(<ReceiptPanel created={created} />);
    expect(await screen.findByText('1234 5678 9012 3456')).toBeInTheDocument();
    expect(screen.getByText(/only way back to your report/)).toBeInTheDocument();
    for (const name of ['Copy receipt', 'Download as a text file', 'Print']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I have saved my receipt'));
    await userEvent.click(done);
    expect(screen.getByText('Your report is with its administrators.')).toBeInTheDocument();
    expect(screen.queryByText('1234 5678 9012 3456')).not.toBeInTheDocument();
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
