import type { Report } from '@candor/contract/reports';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { reportFixture } from '@/test/report-fixture';
import { accessToken } from '@/test/tokens';
import { AcknowledgeReceipt } from './acknowledge-receipt';

beforeEach(() => tokenStorage.save(accessToken({ role: 'admin' }), 'refresh'));

describe('AcknowledgeReceipt', () => {
  it('acknowledges with the optional message and hands back the report', async () => {
    const acknowledged = reportFixture({
      acknowledged_at: '2026-11-21T09:00:00.000Z',
      feedback_by: '2027-02-21T09:00:00.000Z',
    });
    const { calls } = mockFetch({
      'POST /api/admin/reports/41/acknowledge/': { body: acknowledged },
    });
    const done: Report[] = [];
    renderPage(
      <AcknowledgeReceipt
        report={reportFixture()}
        onAcknowledged={(report) => done.push(report)}
      />,
    );
    expect(screen.getByRole('region', { name: 'Legal deadlines' })).toHaveTextContent(
      /Acknowledge by\s*2\d November 2026/,
    );
    await userEvent.type(
      screen.getByLabelText(/Message to the reporter/),
      '  We have your report.  ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge receipt' }));
    await waitFor(() => expect(done).toEqual([acknowledged]));
    const posted = calls.find((call) => call.key === 'POST /api/admin/reports/41/acknowledge/');
    expect(JSON.parse(String(posted?.init.body))).toEqual({ message: 'We have your report.' });
  });

  it('sends no message when none is written, and says when it failed', async () => {
    const { calls } = mockFetch({
      'POST /api/admin/reports/41/acknowledge/': {
        status: 403,
        body: { detail: 'Another administrator handles this report.' },
      },
    });
    renderPage(<AcknowledgeReceipt report={reportFixture()} onAcknowledged={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge receipt' }));
    expect(
      await screen.findByText('Another administrator handles this report.'),
    ).toBeInTheDocument();
    const posted = calls.find((call) => call.key === 'POST /api/admin/reports/41/acknowledge/');
    expect(JSON.parse(String(posted?.init.body))).toEqual({});
  });

  it('offers nothing to do once acknowledged, and says whether it was on time', () => {
    renderPage(
      <AcknowledgeReceipt
        report={reportFixture({
          acknowledge_by: '2026-11-27T10:00:00.000Z',
          acknowledged_at: '2026-11-21T09:00:00.000Z',
        })}
        onAcknowledged={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Acknowledge receipt' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Legal deadlines' })).toHaveTextContent(
      /acknowledged on 2\d November 2026, on time/,
    );
  });
});
