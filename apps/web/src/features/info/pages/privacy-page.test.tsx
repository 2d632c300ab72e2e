import { ANONYMOUS_REPORTER_NAME } from '@candor/contract/reports';
import { DEFAULT_RETENTION_DAYS } from '@candor/contract/retention';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { PrivacyPage } from './privacy-page';

describe('PrivacyPage', () => {
  it('states the retention the server keeps by default, and what a report without an account allows', async () => {
    renderPage(<PrivacyPage />);
    const kept = (await screen.findByRole('heading', { name: 'How long reports are kept' }))
      .parentElement as HTMLElement;
    // The server's default comes from the same constant (apps/server/src/config.test.ts).
    expect(kept).toHaveTextContent(`${DEFAULT_RETENTION_DAYS} days after it closed`);
    expect(
      screen.getByText(/A report sent without an account cannot be deleted/),
    ).toHaveTextContent(/you can cancel it/);
    expect(
      screen.getByText(new RegExp(`Administrators see “${ANONYMOUS_REPORTER_NAME}”`)),
    ).toHaveTextContent(/tagged “No account”/);
    expect(screen.getByRole('heading', { name: 'Who is responsible' })).toBeInTheDocument();
  });
});
