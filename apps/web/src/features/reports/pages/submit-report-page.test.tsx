import type { Reader } from '@candor/contract/reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { reportFixture } from '@/test/report-fixture';
import { siteFixture } from '@/test/site-fixture';
import { accessToken } from '@/test/tokens';
import { SubmitReportPage } from './submit-report-page';

type Sent = { body: FormData | null };

/** A stand-in XMLHttpRequest answering the submit call, reporting upload progress first. */
function stubXhr(answer: { status: number; body: unknown }) {
  const sent: Sent = { body: null };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(body: FormData) {
      sent.body = body;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

beforeEach(() => {
  tokenStorage.save(accessToken(), 'refresh');
  mockFetch({
    // Who reads the report (the readers field): one handler, so nobody can be left out.
    'GET /api/reports/readers/': {
      body: [{ id: 'a'.repeat(24), label: 'Compliance officer', name: null }],
    },
    // Someone outside every organisation: the report goes to Candor's administrators.
    'GET /api/organizations/mine/': { body: null },
    'GET /api/site/': { body: siteFixture() },
  });
});

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('Title'), 'Unsafe scaffolding');
  await userEvent.type(screen.getByLabelText('Detailed Description'), 'Not anchored.');
}

describe('SubmitReportPage', () => {
  it('shows the spec’s fields, with anonymity on by default', () => {
    renderPage(<SubmitReportPage />);
    expect(screen.getByRole('heading', { name: 'Submit a Report' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('abuse');
    expect(screen.getByText(/Max 10MB/)).toBeInTheDocument();
    expect(screen.getByLabelText('Mark as Priority Report')).not.toBeChecked();
    expect(
      screen.getByText('Priority reports may receive expedited review and response times.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Submit anonymously')).toBeChecked();
  });

  it('requires a title and a description', async () => {
    renderPage(<SubmitReportPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    // The form's schema arrives with its first check.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
  });

  it('refuses a file that is not an image or video, and one over the limit, before sending', async () => {
    const sent = stubXhr({ status: 201, body: reportFixture() });
    renderPage(<SubmitReportPage />);
    await fillRequired();
    const input = screen.getByLabelText(/Evidence/);
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(
      screen.getByText(
        'Only image (JPEG, PNG, WebP, GIF, HEIC) or video (MP4, MOV, WebM) files are accepted.',
      ),
    ).toBeInTheDocument();
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(
      screen.getByText('The file is too large. The maximum size is 10 MB.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(sent.body).toBeNull();
  });

  it('sends the form and shows the reference number before moving on', async () => {
    const sent = stubXhr({ status: 201, body: reportFixture() });
    renderPage(<SubmitReportPage />);
    await fillRequired();
    await userEvent.click(screen.getByLabelText('Mark as Priority Report'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted successfully!')).toBeInTheDocument();
    expect(screen.getByText('CND-7K3Q-9XW2-M4TD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your report' })).toHaveAttribute(
      'href',
      '/reports/41',
    );
    expect(sent.body?.get('priority_flag')).toBe('true');
    expect(sent.body?.get('is_anonymous')).toBe('true');
    expect(sent.body?.get('category')).toBe('abuse');
  });

  it('shows the server’s detail as "Error: {detail}"', async () => {
    stubXhr({ status: 400, body: { detail: 'The file could not be read as an image.' } });
    renderPage(<SubmitReportPage />);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(
      await screen.findByText('Error: The file could not be read as an image.'),
    ).toBeInTheDocument();
  });

  it('says when the server cannot be reached', async () => {
    class FailingXhr {
      upload = {};
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FailingXhr);
    renderPage(<SubmitReportPage />);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    const message = await screen.findByText(
      'Your report was not sent. Nothing you typed was lost. Try again.',
    );
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByLabelText('Title')).toHaveValue('Unsafe scaffolding');
    expect(screen.getByLabelText('Detailed Description')).toHaveValue('Not anchored.');
  });

  it('moves focus to a summary of the problems after an empty submit, and ties each to its field', async () => {
    const sent = stubXhr({ status: 201, body: reportFixture() });
    renderPage(<SubmitReportPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    // The form's schema arrives with its first check; the summary then takes focus.
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('Title: This field is required.');
    expect(summary).toHaveTextContent('Detailed Description: This field is required.');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('This field is required.');
    await userEvent.click(
      within(summary).getByRole('link', { name: 'Detailed Description: This field is required.' }),
    );
    expect(screen.getByLabelText('Detailed Description')).toHaveFocus();
    expect(sent.body).toBeNull();
  });

  it('lets a chosen file be removed before sending', async () => {
    const sent = stubXhr({ status: 201, body: reportFixture() });
    renderPage(<SubmitReportPage />);
    await fillRequired();
    const input = screen.getByLabelText(/Evidence/) as HTMLInputElement;
    await userEvent.upload(input, new File(['jpeg'], 'door.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText(/door\.jpg/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove file door.jpg' }));
    expect(screen.queryByText(/door\.jpg/)).toBeNull();
    expect(input.value).toBe('');
    expect(input).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    await screen.findByText('Report submitted successfully!');
    expect(sent.body?.get('file_upload')).toBeNull();
  });

  it('lets a visitor write, sends them to sign in, and keeps what they typed for their return', async () => {
    localStorage.clear();
    const sent = stubXhr({ status: 201, body: reportFixture() });
    const { router } = renderPage(<SubmitReportPage />, {
      path: '/submit-report',
      extraRoutes: [{ path: '/login', element: <p>login page</p> }],
    });
    expect(await screen.findByText(/You are not signed in/)).toBeInTheDocument();
    await fillRequired();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'corruption');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('You must be logged in to submit a report.')).toBeVisible();
    expect(sent.body).toBeNull();
    await screen.findByText('login page', {}, { timeout: 3000 });
    expect(router.state.location.state).toEqual({
      from: '/submit-report',
      reason: 'You must be logged in to submit a report.',
    });
    tokenStorage.save(accessToken(), 'refresh');
    await router.navigate('/submit-report');
    expect(await screen.findByLabelText('Title')).toHaveValue('Unsafe scaffolding');
    expect(screen.getByLabelText('Detailed Description')).toHaveValue('Not anchored.');
    expect(screen.getByLabelText('Category')).toHaveValue('corruption');
    expect(screen.queryByText(/You are not signed in/)).toBeNull();
  });

  describe('says where the report goes', () => {
    const site = { body: siteFixture() };
    const officer: Reader = { id: 'a'.repeat(24), label: 'Compliance officer', name: null };
    const acme = { id: 3, name: 'ACME', type: 'corporate', is_admin: false };
    /** The calls of the form for a member of `mine` (null: of no organisation), with `readers`. */
    const callsFor = (mine: typeof acme | null, readers: Reader[] = [officer]) => ({
      'GET /api/site/': site,
      'GET /api/reports/readers/': { body: readers },
      'GET /api/organizations/mine/': { body: mine },
    });

    it('to the organisation of a member by default, or to Candor’s administrators if chosen', async () => {
      mockFetch(callsFor(acme));
      const sent = stubXhr({ status: 201, body: reportFixture() });
      renderPage(<SubmitReportPage />);
      const statement = await screen.findByText('This report goes to ACME’s administrators.');
      expect(statement).toHaveAttribute('role', 'status');
      const group = screen.getByRole('group', { name: 'Who receives this report' });
      expect(within(group).getByLabelText('ACME’s administrators')).toBeChecked();
      expect(within(group).getByLabelText('Candor’s administrators')).toHaveAccessibleDescription(
        /ACME’s administrators will not see this report or be told about it/,
      );
      await userEvent.click(within(group).getByLabelText('Candor’s administrators'));
      expect(statement).toHaveTextContent('This report goes to Candor’s administrators.');
      await fillRequired();
      await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
      await screen.findByText('Report submitted successfully!');
      expect(sent.body?.get('destination')).toBe('platform');
    });

    it('sends a member’s report to the organisation unless they choose otherwise', async () => {
      mockFetch(callsFor(acme));
      const sent = stubXhr({ status: 201, body: reportFixture() });
      renderPage(<SubmitReportPage />);
      await screen.findByText('This report goes to ACME’s administrators.');
      await fillRequired();
      await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
      await screen.findByText('Report submitted successfully!');
      expect(sent.body?.get('destination')).toBe('organization');
    });

    it('keeps a reader out, and offers Candor’s administrators when everyone is unticked', async () => {
      const hr = { id: 'b'.repeat(24), label: 'HR', name: 'Dana Lee' };
      mockFetch(callsFor(acme, [officer, hr]));
      const sent = stubXhr({ status: 201, body: reportFixture() });
      renderPage(<SubmitReportPage />);
      const readers = await screen.findByRole('group', { name: 'Who reads your report' });
      await userEvent.click(within(readers).getByRole('checkbox', { name: 'HR, Dana Lee' }));
      await userEvent.click(within(readers).getByRole('checkbox', { name: 'Compliance officer' }));
      const instead = within(readers).getByRole('button', {
        name: 'Send it to Candor’s administrators instead',
      });
      await userEvent.click(instead);
      const group = screen.getByRole('group', { name: 'Who receives this report' });
      expect(within(group).getByLabelText('Candor’s administrators')).toBeChecked();
      await userEvent.click(within(group).getByLabelText('ACME’s administrators'));
      const again = await screen.findByRole('group', { name: 'Who reads your report' });
      await userEvent.click(within(again).getByRole('checkbox', { name: 'HR, Dana Lee' }));
      await fillRequired();
      await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
      await screen.findByText('Report submitted successfully!');
      expect(sent.body?.get('destination')).toBe('organization');
      expect(sent.body?.get('excluded_readers')).toBe(hr.id);
    });

    it('to Candor’s administrators for someone outside every organisation, with no choice', async () => {
      mockFetch(callsFor(null));
      const sent = stubXhr({ status: 201, body: reportFixture() });
      renderPage(<SubmitReportPage />);
      expect(
        await screen.findByText('This report goes to Candor’s administrators.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Who receives this report' })).toBeNull();
      await fillRequired();
      await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
      await screen.findByText('Report submitted successfully!');
      expect(sent.body?.get('destination')).toBeNull();
    });
  });
});
