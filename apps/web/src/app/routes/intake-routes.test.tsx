import type { IntakeOrganization } from '@candor/contract/intake';
import type { Reader } from '@candor/contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXCLUDE_SENTENCE, ONE_READER_LEFT } from '@/components/readers/readers-field';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n/language-choice';
import { mockFetch, renderPage } from '@/test/render';
import { siteFixture } from '@/test/site-fixture';
import { OrganizationIntakeRoute, PlatformIntakeRoute } from './intake-routes';

const site = { body: siteFixture() };
const acme = {
  slug: 'acme',
  name: 'ACME',
  type: 'corporate',
  accepts_guest_reports: true,
  default_language: null,
} satisfies IntakeOrganization;
const officer = { id: 'a'.repeat(24), label: 'Compliance officer', name: null } satisfies Reader;
const hr = { id: 'b'.repeat(24), label: 'HR, North site', name: 'Dana Lee' } satisfies Reader;
// Turning to the form starts the proof of work; here its challenge is not served.
const noChallenge = { status: 503, body: { detail: 'Not now.' } };

describe("an organisation's own language", () => {
  const routes = (organization: IntakeOrganization) => ({
    'GET /api/site/': site,
    'GET /api/intake/acme/': { body: organization },
    'GET /api/intake/acme/readers/': { body: [officer] },
    'GET /api/intake/challenge/': noChallenge,
  });

  it('opens the page in it for a visitor who chose none, at an address that names none', async () => {
    mockFetch(routes({ ...acme, default_language: 'es' }));
    const { router } = renderPage(<OrganizationIntakeRoute />, {
      path: '/o/:slug/report',
      route: '/o/acme/report',
    });
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(router.base).toBe('/es');
    expect(await screen.findByRole('group', { name: 'Quién leerá su denuncia' })).toBeVisible();
  });

  it("leaves the visitor's own choice alone", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    mockFetch(routes({ ...acme, default_language: 'es' }));
    const { router } = renderPage(<OrganizationIntakeRoute />, {
      path: '/o/:slug/report',
      route: '/o/acme/report',
    });
    expect(await screen.findByRole('group', { name: 'Who reads your report' })).toBeVisible();
    expect(router.base).toBe('');
    expect(document.documentElement.lang).not.toBe('es');
  });
});

describe('who reads a report sent without an account', () => {
  it('lists the organisation’s readers, and offers Candor’s administrators when all are unticked', async () => {
    const { calls } = mockFetch({
      'GET /api/site/': site,
      'GET /api/intake/acme/': { body: acme },
      'GET /api/intake/acme/readers/': { body: [officer, hr] },
      'GET /api/intake/challenge/': noChallenge,
    });
    renderPage(<OrganizationIntakeRoute />, { path: '/o/:slug/report', route: '/o/acme/report' });
    const readers = await screen.findByRole('group', { name: 'Who reads your report' });
    expect(readers).toHaveAccessibleDescription(EXCLUDE_SENTENCE);
    const user = userEvent.setup();
    await user.click(within(readers).getByRole('checkbox', { name: 'HR, North site, Dana Lee' }));
    expect(within(readers).queryByRole('alert')).toBeNull();
    await user.click(within(readers).getByRole('checkbox', { name: 'Compliance officer' }));
    const alert = within(readers).getByRole('alert');
    expect(alert).toHaveTextContent(ONE_READER_LEFT);
    expect(
      within(alert).getByRole('link', { name: 'Send it to Candor’s administrators instead' }),
    ).toHaveAttribute('href', '/report');
    // The readers are asked for without a token, at the link's own address.
    const asked = calls.find((call) => call.key === 'GET /api/intake/acme/readers/');
    expect(new Headers(asked?.init.headers).get('authorization')).toBeNull();
  });

  it('lists the platform’s readers on /report, where there is nowhere else to send it', async () => {
    mockFetch({
      'GET /api/site/': site,
      'GET /api/intake/readers/': { body: [officer] },
      'GET /api/intake/challenge/': noChallenge,
    });
    renderPage(<PlatformIntakeRoute />, { path: '/report' });
    const readers = await screen.findByRole('group', { name: 'Who reads your report' });
    const user = userEvent.setup();
    await user.click(within(readers).getByRole('checkbox', { name: 'Compliance officer' }));
    expect(within(readers).getByRole('alert')).toHaveTextContent(ONE_READER_LEFT);
    expect(within(readers).queryByRole('link')).toBeNull();
  });
});
