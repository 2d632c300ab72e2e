import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  Link,
  Navigate,
  NavLink,
  Router,
  Routes,
  useLocation,
  useNavigationType,
  useParams,
  useSearchParams,
} from './router';
import { matchPath } from './routing/match-path';

function Where() {
  const location = useLocation();
  return (
    <output>
      {useNavigationType()} {location.pathname}
      {location.search}
      {location.hash} {JSON.stringify(location.state)}
    </output>
  );
}

describe('matchPath', () => {
  it('matches a pattern whatever the letter case and a trailing slash, with decoded params', () => {
    expect(matchPath('/reports/:reportId', '/reports/41')).toEqual({ reportId: '41' });
    expect(matchPath('/o/:slug/report', '/O/hill%20school/report/')).toEqual({
      slug: 'hill school',
    });
    expect(matchPath('/EditProfile', '/editprofile')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/report', '/reports')).toBeNull();
    expect(matchPath('/reports/:reportId', '/reports/')).toBeNull();
    expect(matchPath('*', '/anything/at/all')).toEqual({});
  });
});

describe('the router', () => {
  it('draws the first matching route with its params, and the catch-all last', () => {
    function Report() {
      return <p>report {useParams().reportId}</p>;
    }
    const routes = [
      { path: '/reports/:reportId', element: <Report /> },
      { path: '*', element: <p>not found</p> },
    ];
    const history = createMemoryHistory('/reports/7');
    render(
      <Router history={history}>
        <Routes routes={routes} />
      </Router>,
    );
    expect(screen.getByText('report 7')).toBeInTheDocument();
    act(() => history.navigate('/nowhere'));
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it('keeps the page being left on screen until the next one has loaded', async () => {
    let arrive: (page: { default: () => React.ReactNode }) => void = () => {};
    const Later = lazy(
      () =>
        new Promise<{ default: () => React.ReactNode }>((resolve) => {
          arrive = resolve;
        }),
    );
    const history = createMemoryHistory('/');
    render(
      <Router history={history}>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes
            routes={[
              { path: '/', element: <p>first page</p> },
              { path: '/later', element: <Later /> },
            ]}
          />
        </Suspense>
      </Router>,
    );
    act(() => history.navigate('/later'));
    expect(screen.getByText('first page')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    await act(async () => arrive({ default: () => <p>second page</p> }));
    expect(await screen.findByText('second page')).toBeInTheDocument();
  });

  it('follows a link with its state, and marks the current page in a navigation link', async () => {
    const history = createMemoryHistory('/');
    render(
      <Router history={history}>
        <Link to="/login?next=1" state={{ from: '/x' }}>
          Sign in
        </Link>
        <NavLink to="/profile">Profile</NavLink>
        <Where />
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/login?next=1');
    expect(screen.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    await userEvent.click(link);
    expect(screen.getByRole('status')).toHaveTextContent('PUSH /login?next=1 {"from":"/x"}');
    act(() => history.navigate('/profile/edit'));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('redirects, replacing the entry and leaving its state', () => {
    const history = createMemoryHistory('/dashboard');
    render(
      <Router history={history}>
        <Routes
          routes={[
            {
              path: '/dashboard',
              element: <Navigate to="/login" replace state={{ from: '/dashboard' }} />,
            },
            { path: '*', element: <Where /> },
          ]}
        />
      </Router>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('REPLACE /login {"from":"/dashboard"}');
    expect(history.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('writes the query into the address, keeping the path', async () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ tab: 'staff', page: '2' })}>
          {params.get('tab') ?? 'none'}
        </button>
      );
    }
    const history = createMemoryHistory('/superuser-dashboard#top');
    render(
      <Router history={history}>
        <Tabs />
      </Router>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'none' }));
    expect(screen.getByRole('button', { name: 'staff' })).toBeInTheDocument();
    expect(history.state.location.pathname).toBe('/superuser-dashboard');
    expect(history.state.location.search).toBe('?tab=staff&page=2');
    expect(history.state.location.hash).toBe('');
  });
});

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keys every entry, keeps state on it, and tells Back from a new page', () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory();
    const first = history.state.location;
    expect(first.pathname).toBe('/start');
    expect(first.key).not.toBe('');
    // A reload finds the same key on the entry.
    expect(createBrowserHistory().state.location.key).toBe(first.key);

    const seen: string[] = [];
    const stop = history.subscribe(() => seen.push(history.state.action));
    history.navigate('/login', { state: { reason: 'x' } });
    expect(window.location.pathname).toBe('/login');
    expect(history.state.location.state).toEqual({ reason: 'x' });
    expect(history.state.location.key).not.toBe(first.key);

    // What the browser does on Back: the entry's state comes back, then popstate.
    window.history.replaceState({ usr: null, key: first.key }, '', '/start');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(history.state.action).toBe('POP');
    expect(history.state.location.key).toBe(first.key);
    expect(seen).toEqual(['PUSH', 'POP']);
    stop();
  });
});
