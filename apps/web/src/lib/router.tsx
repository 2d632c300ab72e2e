/**
 * The app's router, in one place: pages and features import their links and hooks from here.
 * `app/app.tsx` chooses the history (the tab's, or a fixed address for rendering on the server).
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { isLeavingQuickly } from './leave-quickly';
import {
  type History,
  type HistoryState,
  type Location,
  type NavigateOptions,
  type NavigationType,
  resolveTo,
  type To,
} from './routing/history';
import { matchPath, type Params } from './routing/match-path';

export { createBrowserHistory, createMemoryHistory } from './routing/history';
export type { Location, NavigateOptions, NavigationType, To };

const HistoryContext = createContext<History | null>(null);
const StateContext = createContext<HistoryState | null>(null);
const ParamsContext = createContext<Params>({});

function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('Router missing: wrap the app in <Router>');
  return history;
}

function useHistoryState(): HistoryState {
  const state = useContext(StateContext);
  if (!state) throw new Error('Router missing: wrap the app in <Router>');
  return state;
}

/**
 * Draws its children at the history's address. A move is drawn as a transition: the page being
 * left stays on screen until the next one (loaded on demand) is ready to take its place.
 */
export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [state, setState] = useState(history.state);
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setState(history.state));
    // A move made before this subscribed is caught up with at once.
    follow();
    return history.subscribe(follow);
  }, [history]);
  return (
    <HistoryContext.Provider value={history}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </HistoryContext.Provider>
  );
}

export const useLocation = (): Location => useHistoryState().location;

export const useNavigationType = (): NavigationType => useHistoryState().action;

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const history = useHistory();
  return useCallback((to, options) => history.navigate(to, options), [history]);
}

/** The tab's address before the app's own (the language's `/es`); see History's `base`. */
export const useBase = (): string => useHistory().base;

/** Moves the current page under another base, in place (a language chosen). */
export function useSetBase(): (base: string) => void {
  const history = useHistory();
  return useCallback((base) => history.setBase(base), [history]);
}

export const useParams = (): Params => useContext(ParamsContext);

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The address's query, and a setter that writes a new one (keeping the path, dropping the hash). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit, options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate({ search: query ? `?${query}` : '' }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

export type RouteDefinition = { path: string; element: ReactNode };

/** The first route whose path matches the address (`*` last, for the not-found page). */
export function Routes({ routes }: { routes: readonly RouteDefinition[] }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params)
      return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return null;
}

/** Goes to `to` once drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: redirects once, where it is drawn
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & { to: To; ref?: Ref<HTMLAnchorElement> };

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * A real link that moves within the app without loading the page; a click with a modifier, or
 * into another window, is left to the browser. A link to where the reader already is replaces the
 * entry rather than adding one.
 */
export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const history = useHistory();
  const { pathname, search } = useLocation();
  const href = resolveTo(to, { pathname, search });
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event) || (target && target !== '_self')) return;
    event.preventDefault();
    const { location } = history.state;
    const isHere = href === `${location.pathname}${location.search}${location.hash}`;
    history.navigate(href, { replace: replace ?? isHere, state });
  };
  return <a {...props} href={`${history.base}${href}` || '/'} target={target} onClick={follow} />;
}

/** Whether `to` is the current page or one below it (`/profile` for `/profile/edit`). */
function isCurrent(to: To, pathname: string) {
  const target = resolveTo(to, { pathname, search: '' }).split(/[?#]/)[0] ?? '';
  const here = pathname.toLowerCase();
  const there = target.toLowerCase().replace(/\/+$/, '');
  if (!there) return here === '/';
  return here.replace(/\/+$/, '') === there || here.startsWith(`${there}/`);
}

/** A navigation link that says it leads to the current page (`aria-current="page"`). */
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  return <Link aria-current={isCurrent(props.to, pathname) ? 'page' : undefined} {...props} />;
}

/**
 * While `active`, leaving the page asks first: a link or Back/Forward inside the app asks with
 * `question` (the browser's own confirmation), and closing or reloading the tab, or following a
 * link out of the app, asks with the browser's standard question.
 */
export function useLeaveGuard(active: boolean, question: string) {
  const history = useHistory();
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!isLeavingQuickly()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    const unblock = history.block(() => window.confirm(question));
    return () => {
      window.removeEventListener('beforeunload', warn);
      unblock();
    };
  }, [active, question, history]);
}
