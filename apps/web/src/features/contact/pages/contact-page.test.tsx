import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderPage } from '@/test/render';
import { siteFixture } from '@/test/site-fixture';
import { ContactPage } from './contact-page';

const settings = {
  body: siteFixture({
    support_email: 'help@candor.test',
    support_phone: '+1 (555) 010-0199',
    business_hours: 'Mon-Fri 9 AM - 5 PM',
  }),
};

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Name'), 'Sam');
  await user.type(screen.getByLabelText('Subject'), 'A question');
  await user.type(screen.getByLabelText('Message'), 'How do I follow up?');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactPage', () => {
  it('shows the configured support details and business hours', async () => {
    mockFetch({ 'GET /api/site/': settings });
    renderPage(<ContactPage />, { path: '/contact-us' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@candor.test' })).toHaveAttribute(
      'href',
      'mailto:help@candor.test',
    );
    expect(screen.getByRole('link', { name: '+1 (555) 010-0199' })).toHaveAttribute(
      'href',
      'tel:+15550100199',
    );
    expect(screen.getByText('Mon-Fri 9 AM - 5 PM')).toBeInTheDocument();
  });

  it('requires name, subject and message before sending', async () => {
    const { calls } = mockFetch({ 'GET /api/site/': settings });
    renderPage(<ContactPage />, { path: '/contact-us' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    // The form's schema arrives with its first check.
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required.'),
    );
    for (const label of ['Name', 'Subject']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('This field is required.');
    }
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      /This field is required\.$/,
    );
    expect(calls.filter((call) => call.key === 'POST /api/contact/')).toHaveLength(0);
  });

  it('sends the message, says so and empties the form', async () => {
    const { calls } = mockFetch({
      'GET /api/site/': settings,
      'POST /api/contact/': { status: 201, body: { id: 1, created_at: '2025-05-01T10:00:00Z' } },
    });
    renderPage(<ContactPage />, { path: '/contact-us' });
    const user = userEvent.setup();
    await fill(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Message sent successfully! We'll get back to you soon.",
    );
    const sent = calls.find((call) => call.key === 'POST /api/contact/');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      name: 'Sam',
      subject: 'A question',
      message: 'How do I follow up?',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('says so when sending fails and keeps what was written', async () => {
    mockFetch({ 'GET /api/site/': settings, 'POST /api/contact/': { status: 503, body: {} } });
    renderPage(<ContactPage />, { path: '/contact-us' });
    const user = userEvent.setup();
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Please try again later.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('How do I follow up?');
  });
});
