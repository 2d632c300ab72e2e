import { accessToken } from '@/test/tokens';
import { clearSessionMark, markStoredSession, sessionMarkScript } from './session-hint';

const root = document.documentElement;

afterEach(() => {
  clearSessionMark();
  localStorage.clear();
});

describe('the stored-session mark of a pre-rendered page', () => {
  it('marks nothing for a visitor', () => {
    markStoredSession();
    expect(root.dataset.session).toBeUndefined();
    expect(root.dataset.sessionRole).toBeUndefined();
  });

  it("marks a member's session, without the admin role", () => {
    localStorage.setItem('accessToken', accessToken({ role: 'user' }));
    markStoredSession();
    expect(root.dataset.session).toBe('stored');
    expect(root.dataset.sessionRole).toBeUndefined();
  });

  it("marks an admin's session with its role, and clears both marks", () => {
    localStorage.setItem('accessToken', accessToken({ role: 'admin' }));
    markStoredSession();
    expect(root.dataset.sessionRole).toBe('admin');
    clearSessionMark();
    expect(root.dataset.session).toBeUndefined();
    expect(root.dataset.sessionRole).toBeUndefined();
  });

  it('does not mark a token it cannot read as an admin', () => {
    localStorage.setItem('accessToken', 'x.not-json.y');
    markStoredSession();
    expect(root.dataset.session).toBe('stored');
    expect(root.dataset.sessionRole).toBeUndefined();
  });
});

describe('the inline script a pre-rendered page marks itself with', () => {
  it('marks as markStoredSession does, needing nothing from outside itself', () => {
    localStorage.setItem('accessToken', accessToken({ role: 'admin' }));
    // Run as the browser runs an inline script: its text alone, in the page's global scope.
    new Function(sessionMarkScript)();
    expect(root.dataset.session).toBe('stored');
    expect(root.dataset.sessionRole).toBe('admin');
  });
});
