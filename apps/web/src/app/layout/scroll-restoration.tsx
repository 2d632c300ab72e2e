import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@/lib/router';

const STORAGE_KEY = 'candor-scroll-positions';
/** Positions of the tab's recent history entries; older ones are forgotten. */
const REMEMBERED = 50;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, top: number) {
  const positions = readPositions();
  delete positions[key];
  positions[key] = top;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: back and forward then start at the top.
  }
}

/**
 * A new page starts at the top (or at its `#anchor`), and back and forward return to where the
 * reader was. Positions are kept per history entry (its key) in the tab's session storage, so a
 * reload keeps them.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // The last position the reader scrolled to: by the time a navigation is seen, the next page
  // may already have replaced (and shortened) the document.
  const lastTop = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      lastTop.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Leaving an entry (another page, or the tab) remembers where it was; a layout effect's
  // clean-up runs before the next entry's position is set below.
  useLayoutEffect(() => {
    const key = location.key;
    const remember = () => savePosition(key, lastTop.current);
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('pagehide', remember);
      remember();
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const saved = readPositions()[location.key];
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        lastTop.current = saved;
        return;
      }
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        lastTop.current = window.scrollY;
        return;
      }
    }
    window.scrollTo(0, 0);
    lastTop.current = 0;
  }, [location.key, location.hash, navigationType]);

  return null;
}
