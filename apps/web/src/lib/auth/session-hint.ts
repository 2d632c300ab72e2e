import { STORAGE_KEYS } from './token-storage';

/**
 * A page drawn at build time is drawn for a visitor: it cannot know the browser's stored session.
 * Until the app has taken the page over, a browser that holds a session marks the page
 * (`<html data-session="stored">`), and what only a visitor should read (`data-visitor-only`:
 * "You are not signed in", the Login and Register links) is hidden, keeping its place, so a
 * signed-in person is not told they are signed out; a block above the page's content
 * (`data-visitor-only="collapse"`) takes no room either, so the content does not jump up when the
 * app removes it. A session whose token names an admin adds `data-session-role="admin"`, which
 * shows the admin dashboard's frame (`data-admin-frame`), hidden from everyone else: a visitor or
 * a member is sent elsewhere once the app arrives. The app removes both marks once it draws with
 * the real session (lib/auth/auth-provider.tsx).
 *
 * The mark is made before the first paint, by a script inside the page (`sessionMarkScript`), so
 * it never waits for a file: the production CSP allows that one script by its hash
 * (scripts/prerender.mjs lists it, apps/server/src/plugins/web-app.ts allows it).
 */
function markFromStorage(accessKey: string) {
  // Sent as the text of that script: it uses nothing but what every browser page has.
  try {
    const access = localStorage.getItem(accessKey);
    if (!access) return;
    const root = document.documentElement;
    root.dataset.session = 'stored';
    const payload = access.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (claims?.role === 'admin') root.dataset.sessionRole = 'admin';
  } catch {
    // Storage refused or a token that cannot be read: no role is marked.
  }
}

/** The text of the inline script that marks a pre-rendered page (above). */
export const sessionMarkScript = `(${markFromStorage.toString()})(${JSON.stringify(STORAGE_KEYS.access)})`;

export function clearSessionMark() {
  const root = document.documentElement;
  delete root.dataset.session;
  delete root.dataset.sessionRole;
}
