/** Where the app is: the address, the state a navigation left on its history entry, its key. */
export type Location = {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Names the history entry, so something kept for it (a scroll position) can be found again. */
  key: string;
};

/** How the current entry was reached: Back/Forward (or the first load), a link, a replacement. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** An address: `/path?search#hash`, or its parts (a missing pathname keeps the current one). */
export type To = string | { pathname?: string; search?: string; hash?: string };

export type NavigateOptions = { replace?: boolean; state?: unknown };

export type HistoryState = { location: Location; action: NavigationType };

/** The app's history: its current state, a way to move, and news of every move. */
export type History = {
  readonly state: HistoryState;
  /**
   * What the tab's address carries before the app's own (the language's `/es`, none for
   * English): the app reads and writes addresses without it, and links are drawn with it.
   */
  readonly base: string;
  /** Moves the current entry under another base (a language chosen), in place, keeping its state. */
  setBase(base: string): void;
  navigate(to: To, options?: NavigateOptions): void;
  subscribe(listener: () => void): () => void;
  /**
   * Asks `mayLeave` before every move away from the current entry (a link, Back or Forward); a
   * move it answers false to does not happen. Answers the function that removes it.
   */
  block(mayLeave: () => boolean): () => void;
};

/** What a browser history entry holds: the navigation's state, the entry's key and its place. */
type EntryState = { usr: unknown; key: string; idx: number };

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` as an absolute address, read against the current one. */
export function resolveTo(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  if (typeof to !== 'string') {
    return `${to.pathname ?? from.pathname}${to.search ?? ''}${to.hash ?? ''}`;
  }
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `pathname` as the app reads it: without `base`, and `/` for the base itself. */
function withoutBase(pathname: string, base: string): string {
  if (!base) return pathname;
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

function splitAddress(address: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(address, 'http://app');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function store(initial: HistoryState) {
  let state = initial;
  const listeners = new Set<() => void>();
  // Each blocker guards the entry it was set on: once the app has moved on (the page left may
  // still be on screen while the next one loads), it asks nothing more.
  const blockers = new Set<{ key: string; mayLeave: () => boolean }>();
  return {
    get: () => state,
    set(next: HistoryState) {
      state = next;
      for (const listener of listeners) listener();
    },
    listeners,
    /** Whether every blocker of the current entry lets the app leave it. */
    mayLeave: () =>
      [...blockers].every((blocker) => blocker.key !== state.location.key || blocker.mayLeave()),
    block(mayLeave: () => boolean) {
      const blocker = { key: state.location.key, mayLeave };
      blockers.add(blocker);
      return () => {
        blockers.delete(blocker);
      };
    },
  };
}

/**
 * The tab's own history. Each entry the app writes carries `{usr, key}` as its state; the first
 * entry of a page load is given a key too, so a reload keeps what was remembered for it.
 */
export function createBrowserHistory({ base: initialBase = '' }: { base?: string } = {}): History {
  let base = initialBase;
  const readEntry = (): EntryState => {
    const entry = window.history.state as Partial<EntryState> | null;
    if (typeof entry?.key === 'string') {
      return { usr: entry.usr ?? null, key: entry.key, idx: entry.idx ?? 0 };
    }
    const keyed = { usr: null, key: newKey(), idx: 0 };
    window.history.replaceState(keyed, '');
    return keyed;
  };
  const read = (): Location => {
    const { usr, key } = readEntry();
    const { pathname, search, hash } = window.location;
    return { pathname: withoutBase(pathname, base), search, hash, state: usr, key };
  };
  const current = store({ location: read(), action: 'POP' });
  let idx = readEntry().idx;
  // Back or Forward refused by a blocker: the browser has already moved, so it is moved back, and
  // the pop that brings it back is not a move of the app.
  let restoring = false;
  const onPop = () => {
    const entry = readEntry();
    if (restoring) {
      restoring = false;
      return;
    }
    if (entry.idx !== idx && !current.mayLeave()) {
      restoring = true;
      window.history.go(idx - entry.idx);
      return;
    }
    idx = entry.idx;
    current.set({ location: read(), action: 'POP' });
  };
  return {
    get state() {
      return current.get();
    },
    navigate(to, { replace = false, state = null } = {}) {
      const address = resolveTo(to, current.get().location);
      const { location } = current.get();
      const isSame = address === `${location.pathname}${location.search}${location.hash}`;
      if (!isSame && !current.mayLeave()) return;
      const next = replace ? idx : idx + 1;
      const entry: EntryState = { usr: state, key: newKey(), idx: next };
      if (replace) window.history.replaceState(entry, '', base + address);
      else window.history.pushState(entry, '', base + address);
      idx = next;
      current.set({ location: read(), action: replace ? 'REPLACE' : 'PUSH' });
    },
    get base() {
      return base;
    },
    setBase(next) {
      const { location } = current.get();
      base = next;
      const entry: EntryState = { usr: location.state, key: location.key, idx };
      const address = `${location.pathname === '/' && next ? '' : location.pathname}${location.search}${location.hash}`;
      window.history.replaceState(entry, '', `${next}${address}` || '/');
      current.set({ location: read(), action: 'REPLACE' });
    },
    block: current.block,
    subscribe(listener) {
      if (current.listeners.size === 0) window.addEventListener('popstate', onPop);
      current.listeners.add(listener);
      return () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0) window.removeEventListener('popstate', onPop);
      };
    },
  };
}

/**
 * A history kept in memory: the server renders a page at a fixed address with it, and tests
 * drive pages with it.
 */
export function createMemoryHistory(
  address = '/',
  state: unknown = null,
  initialBase = '',
): History {
  let base = initialBase;
  const at = (next: string, usr: unknown): Location => ({
    ...splitAddress(next),
    state: usr,
    key: newKey(),
  });
  const first = splitAddress(address);
  const current = store({
    location: at(`${withoutBase(first.pathname, base)}${first.search}${first.hash}`, state),
    action: 'POP',
  });
  return {
    get state() {
      return current.get();
    },
    get base() {
      return base;
    },
    setBase(next) {
      base = next;
      current.set({ location: { ...current.get().location }, action: 'REPLACE' });
    },
    navigate(to, { replace = false, state: usr = null } = {}) {
      if (!current.mayLeave()) return;
      const location = at(resolveTo(to, current.get().location), usr);
      current.set({ location, action: replace ? 'REPLACE' : 'PUSH' });
    },
    subscribe(listener) {
      current.listeners.add(listener);
      return () => current.listeners.delete(listener);
    },
    block: current.block,
  };
}
