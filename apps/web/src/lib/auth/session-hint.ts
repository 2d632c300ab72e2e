import { STORAGE_KEYS } from './token-storage';
import { decodeToken } from './tokens';

/**
 * A page drawn at build time is drawn for a visitor: it cannot know the browser's stored session.
 * Until the app has taken the page over, a browser that holds a session marks the page
 * (`<html data-session="stored">`), and what only a visitor should read (`data-visitor-only`:
 * "You are not signed in", the Login and Register links) is hidden, keeping its place, so a
 * signed-in person is not told they are signed out; a block above the page's content
 * (`data-visitor-only="collapse"`) takes no room either, so the content does not jump up when the
 * app removes it. A session whose token names an admin adds
 * `data-session-role="admin"`, which shows the admin dashboard's frame (`data-admin-frame`),
 * hidden from everyone else: a visitor or a member is sent elsewhere once the app arrives. The
 * app removes both marks once it draws with the real session (lib/auth/auth-provider.tsx).
 */
export function markStoredSession() {
  const access = localStorage.getItem(STORAGE_KEYS.access);
  if (!access) return;
  const root = document.documentElement;
  root.dataset.session = 'stored';
  if (decodeToken(access)?.role === 'admin') root.dataset.sessionRole = 'admin';
}

export function clearSessionMark() {
  const root = document.documentElement;
  delete root.dataset.session;
  delete root.dataset.sessionRole;
}
