import { render, screen, waitFor } from '@testing-library/react';
import { act, lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrationBoundary, HydrationState, useIsHydrated } from './use-hydrated';

function Probe({ name, seen }: { name: string; seen: boolean[] }) {
  const isHydrated = useIsHydrated();
  seen.push(isHydrated);
  return <p data-testid={name}>{isHydrated ? 'on its own' : 'as built'}</p>;
}

/** Draws `client` over the HTML of `server`, as src/main.tsx takes over a pre-rendered page. */
async function takeOver(server: React.ReactNode, client: React.ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  const recoverable = vi.fn();
  const root = await act(async () =>
    hydrateRoot(container, client, { onRecoverableError: recoverable }),
  );
  return { container, recoverable, root };
}

describe('useIsHydrated', () => {
  it('is true from the first render of a page the browser draws on its own', () => {
    const seen: boolean[] = [];
    render(
      <HydrationState overBuiltHtml={false}>
        <Probe name="probe" seen={seen} />
      </HydrationState>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('on its own');
    expect(seen.every(Boolean)).toBe(true);
  });

  it('is false while a page drawn at build time is taken over, then true', async () => {
    const seen: boolean[] = [];
    const page = (
      <HydrationState overBuiltHtml>
        <Probe name="probe" seen={seen} />
      </HydrationState>
    );
    const { container, recoverable, root } = await takeOver(page, page);
    expect(container.textContent).toBe('on its own');
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('waits for a part of the page still arriving, and takes it over rather than drawing it again', async () => {
    let arrive: (module: { default: () => React.ReactNode }) => void = () => {};
    const Late = lazy(() => new Promise<{ default: () => React.ReactNode }>((r) => (arrive = r)));
    const seen: boolean[] = [];
    const part = () => <Probe name="late" seen={seen} />;
    const page = (late: React.ReactNode) => (
      <HydrationState overBuiltHtml>
        <Probe name="early" seen={[]} />
        <HydrationBoundary fallback={<p>Loading</p>}>{late}</HydrationBoundary>
      </HydrationState>
    );
    const { container, recoverable, root } = await takeOver(page(part()), page(<Late />));
    const built = screen.getByTestId('late');
    // Nothing switches while the late part is on its way: it keeps its built HTML meanwhile.
    expect(screen.getByTestId('early')).toHaveTextContent('as built');
    expect(built).toHaveTextContent('as built');

    await act(async () => arrive({ default: part }));
    await waitFor(() => expect(screen.getByTestId('early')).toHaveTextContent('on its own'));
    expect(screen.getByTestId('late')).toHaveTextContent('on its own');
    // Taken over, not thrown away and drawn afresh (which React reports as a recoverable error).
    expect(screen.getByTestId('late')).toBe(built);
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});
