import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { organizationFixture } from '@/test/organization-fixture';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { OrganizationCard } from './organization-card';

const school = organizationFixture();

/**
 * Renders the card for the organisation's administrator; `change` answers with the organisation
 * as changed by what was sent. Answers what `mockFetch` does.
 */
function renderSavingAsAdmin(change: string) {
  const mocked = mockFetch({
    'GET /api/organizations/mine/': { body: { ...school, is_admin: true } },
    [change]: (init: RequestInit) => ({
      body: { ...school, is_admin: true, ...JSON.parse(String(init.body)) },
    }),
  });
  renderPage(<OrganizationCard />);
  return mocked;
}

describe('OrganizationCard', () => {
  it('lets someone in no organisation join with a code', async () => {
    tokenStorage.save(accessToken(), 'r1');
    const { calls } = mockFetch({
      'GET /api/organizations/mine/': { body: null },
      'POST /api/organizations/join/': { body: school },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    expect(await screen.findByText('You are not a member of an organisation.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join an organisation' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Join code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Hillside School')).toBeInTheDocument();
    expect(screen.getByText(/Educational Institution/)).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ code: 'abcd-efgh-jkmn-pqrs' });
  });

  it("shows the server's reason when the code is refused", async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({
      'GET /api/organizations/mine/': { body: null },
      'POST /api/organizations/join/': {
        status: 400,
        body: { detail: 'This join code is not valid.' },
      },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Join code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This join code is not valid.');
  });

  it('gives the organisation administrator a new join code', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    mockFetch({
      'GET /api/organizations/mine/': { body: { ...school, is_admin: true } },
      'POST /api/organizations/join-code/': { body: { code: 'WXYZ-2345-6789-ABCD' } },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate join code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('WXYZ-2345-6789-ABCD');
    expect(screen.queryByRole('button', { name: 'Leave organisation' })).toBeNull();
    // And leads to the organisation's members.
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute(
      'href',
      '/organization-members',
    );
  });

  it('offers no join form to an administrator outside any organisation', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    mockFetch({ 'GET /api/organizations/mine/': { body: null } });
    renderPage(<OrganizationCard />);
    expect(await screen.findByText('You are not a member of an organisation.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Join code')).toBeNull();
  });

  it('lets the organisation administrator keep closed reports for less time', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const { calls } = mockFetch({
      'GET /api/organizations/mine/': { body: { ...school, is_admin: true } },
      'PUT /api/organizations/retention/': (init) => {
        const input = JSON.parse(String(init.body));
        return input.retention_days > 365
          ? {
              status: 400,
              body: {
                detail: 'At most 365 days: the platform keeps closed reports no longer than that.',
              },
            }
          : { body: { ...school, is_admin: true, retention_days: input.retention_days } };
      },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    const days = await screen.findByLabelText(/Keep closed reports for \(days\)/);
    expect(days).toHaveAccessibleDescription(
      /Leave empty for the platform’s 365 days; never more\./,
    );
    const save = screen.getByRole('button', { name: 'Save period' });

    await user.type(days, 'ninety');
    await user.click(save);
    // The form is checked asynchronously (lib/forms/contract-resolver.ts).
    await waitFor(() => expect(days).toHaveAccessibleDescription(/Give a number of days\./));
    expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '400');
    await user.click(save);
    expect(
      await screen.findByText(
        'At most 365 days: the platform keeps closed reports no longer than that.',
      ),
    ).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '90');
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved: closed reports are deleted 90 days after they close.',
    );
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ retention_days: 90 });

    await user.clear(days);
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('after the platform’s 365 days');
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ retention_days: null });
  });

  it('lets the organisation administrator set shorter deadlines, with the rules’ messages', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const { calls } = renderSavingAsAdmin('PUT /api/organizations/deadlines/');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Deadlines for new reports' });
    const acknowledge = within(form).getByLabelText(/Acknowledge within \(days\)/);
    const feedback = within(form).getByLabelText(/Give feedback within \(days\)/);
    expect(acknowledge).toHaveAccessibleDescription(/Leave empty for the platform’s 7 days\./);
    const save = within(form).getByRole('button', { name: 'Save deadlines' });
    const puts = () => calls.filter((call) => call.init.method === 'PUT');

    await user.type(acknowledge, '8');
    await user.type(feedback, '120');
    await user.click(save);
    expect(acknowledge).toHaveAccessibleDescription(/At most 7 days\./);
    expect(feedback).toHaveAccessibleDescription(/At most 89 days \(shorter than 3 months\)\./);
    await user.clear(acknowledge);
    await user.type(acknowledge, '0');
    await user.clear(feedback);
    await user.type(feedback, 'two weeks');
    await user.click(save);
    expect(acknowledge).toHaveAccessibleDescription(/At least 1 day\./);
    expect(feedback).toHaveAccessibleDescription(/Give a whole number of days\./);
    expect(puts()).toHaveLength(0);

    await user.clear(acknowledge);
    await user.type(acknowledge, '3');
    await user.clear(feedback);
    await user.type(feedback, '30');
    await user.click(save);
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Saved: reports filed from now on are acknowledged within 3 days and answered within 30 days.',
    );
    expect(JSON.parse(String(puts().at(-1)?.init.body))).toEqual({
      acknowledge_days: 3,
      feedback_days: 30,
    });
    expect(acknowledge).not.toHaveAccessibleDescription(/At least/);

    await user.clear(acknowledge);
    await user.clear(feedback);
    await user.click(save);
    await waitFor(() =>
      expect(JSON.parse(String(puts().at(-1)?.init.body))).toEqual({
        acknowledge_days: null,
        feedback_days: null,
      }),
    );
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'the platform’s 7 days and answered within the platform’s 3 months',
    );
  });

  it('shows the server’s field messages beside the deadlines', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    mockFetch({
      'GET /api/organizations/mine/': { body: { ...school, is_admin: true } },
      'PUT /api/organizations/deadlines/': {
        status: 400,
        body: { feedback_days: ['At most 89 days (shorter than 3 months).'] },
      },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    const feedback = await screen.findByLabelText(/Give feedback within \(days\)/);
    await user.type(feedback, '20');
    await user.click(screen.getByRole('button', { name: 'Save deadlines' }));
    await waitFor(() =>
      expect(feedback).toHaveAccessibleDescription(/At most 89 days \(shorter than 3 months\)\./),
    );
  });

  it('lets the organisation administrator show handlers’ names to reporters, off by default', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const { calls } = renderSavingAsAdmin('PATCH /api/organizations/mine/');
    const user = userEvent.setup();
    const names = await screen.findByRole('switch', {
      name: 'Show administrators’ names to reporters',
    });
    expect(names).not.toBeChecked();
    expect(names).toHaveAccessibleDescription(/label only/);
    await user.click(names);
    await waitFor(() => expect(names).toBeChecked());
    expect(names).toHaveAccessibleDescription(/label and name/);
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ reader_names_shown: true });
  });

  it('lets the organisation administrator choose the reporting page’s language, each named in itself', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const { calls } = renderSavingAsAdmin('PATCH /api/organizations/mine/');
    const user = userEvent.setup();
    const language = await screen.findByRole('combobox', {
      name: 'Language of the reporting page',
    });
    expect(language).toHaveValue('');
    expect(language).toHaveAccessibleDescription(/can still change it/);
    expect(within(language).getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    await user.selectOptions(language, 'Español');
    await waitFor(() => expect(language).toHaveValue('es'));
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ default_language: 'es' });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    await user.selectOptions(language, "Each visitor's own language");
    await waitFor(() => expect(language).toHaveValue(''));
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ default_language: null });
  });

  it('shows members no retention setting', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({ 'GET /api/organizations/mine/': { body: school } });
    renderPage(<OrganizationCard />);
    expect(await screen.findByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Keep closed reports/)).toBeNull();
    expect(screen.queryByLabelText(/Acknowledge within/)).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByLabelText('Language of the reporting page')).toBeNull();
  });
});
