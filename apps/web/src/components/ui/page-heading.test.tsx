import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrationState } from '@/lib/use-hydrated';
import { PageHeading } from './page-heading';

describe('PageHeading', () => {
  it('takes focus when its page appears and focus rests on nothing', () => {
    render(
      <HydrationState overBuiltHtml={false}>
        <PageHeading>Sign in</PageHeading>
      </HydrationState>,
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toHaveFocus();
  });

  it('leaves focus alone on a page drawn at build time that the app takes over', async () => {
    const page = (overBuiltHtml: boolean) => (
      <HydrationState overBuiltHtml={overBuiltHtml}>
        <PageHeading>Submit a Report</PageHeading>
      </HydrationState>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(true));
    document.body.append(container);
    await act(async () => hydrateRoot(container, page(true)));
    expect(screen.getByRole('heading', { name: 'Submit a Report' })).toBeInTheDocument();
    // The browser's start: Tab leads from the top of the page.
    expect(document.body).toHaveFocus();
    container.remove();
  });
});
