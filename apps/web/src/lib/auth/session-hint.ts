import { STORAGE_KEYS } from './token-storage';

/**
 * A page drawn at build time is drawn for a visitor: it cannot know the browser's stored session.
 * Until the app has taken the page over, a browser that holds a session marks the page
 * (`<html data-session="stored">`), and what only a visitor should read (`data-visitor-only`:
 * "You are not signed in", the Login and Register links) is hidden, keeping its place, so a
 * signed-in person is not told they are signed out. The app removes the mark once it draws with
 * the real session (lib/auth/auth-provider.tsx).
 */
export function markStoredSession() {
  if (localStorage.getItem(STORAGE_KEYS.access)) {
    document.documentElement.dataset.session = 'stored';
  }
}

export function clearSessionMark() {
  delete document.documentElement.dataset.session;
}
