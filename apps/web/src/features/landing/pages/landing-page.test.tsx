import { screen, within } from '@testing-library/react';
import { renderPage } from '@/test/render';
import { LandingPage } from './landing-page';

describe('LandingPage', () => {
  it('shows the hero, Our Why, the four steps and the five FAQ questions', async () => {
    renderPage(<LandingPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Anonymous Reporting Made Safe' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Why' }).closest('section')).toHaveAttribute(
      'id',
      'about',
    );

    const howItWorks = screen
      .getByRole('heading', { name: 'How It Works' })
      .closest('section') as HTMLElement;
    expect(howItWorks).toHaveAttribute('id', 'how-it-works');
    const steps = within(howItWorks)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading').textContent);
    expect(steps).toEqual([
      'Submit Report',
      'Encryption & Processing',
      'Admin Review',
      'Action Taken',
    ]);

    const faq = document.getElementById('faq') as HTMLElement;
    expect(faq.querySelectorAll('details')).toHaveLength(5);
    expect(within(faq).getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  it('answers a FAQ question when it is opened', async () => {
    renderPage(<LandingPage />);
    const question = await screen.findByText('How do I follow up on my report?');
    const details = question.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    question.click();
    expect(details.open).toBe(true);
    expect(within(details).getByText(/unique reference number/)).toBeVisible();
    // Both paths: My Reports with an account, the receipt without one.
    expect(within(details).getByText(/16-digit receipt/)).toBeVisible();
    expect(within(details).getByText(/My Reports/)).toBeVisible();
  });

  it('says who sees a report as the submit form decides it', async () => {
    renderPage(<LandingPage />);
    const question = await screen.findByText('Who can see my report?');
    const answer = within(question.closest('details') as HTMLElement).getByText(/administrators/);
    expect(answer).toHaveTextContent(/the form tells you who they are before you send it/);
    expect(answer).toHaveTextContent(
      /goes to that organisation’s administrators, even when it is anonymous, unless you choose Candor’s own administrators instead/,
    );
    expect(answer).not.toHaveTextContent(/choose to share/);
  });
});
