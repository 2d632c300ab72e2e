import { accessToken } from '@/test/tokens';
import { clearSessionMark, sessionMarkScript } from './session-hint';

/** Runs the mark as the browser runs an inline script: its text alone, in the global scope. */
const runMarkScript = () => new Function(sessionMarkScript)();

const root = document.documentElement;

afterEach(() => {
  clearSessionMark();
  localStorage.clear();
});

describe("a pre-rendered page's inline stored-session mark", () => {
  it('marks nothing for a visitor', () => {
    runMarkScript();
    expect(root.dataset.session).toBeUndefined();
    expect(root.dataset.sessionRole).toBeUndefined();
  });

  it("marks a member's session, without the admin role", () => {
    localStorage.setItem('accessToken', accessToken({ role: 'user' }));
    runMarkScript();
    expect(root.dataset.session).toBe('stored');
    expect(root.dataset.sessionRole).toBeUndefined();
  });

  it("marks an admin's session with its role, and clears both marks", () => {
    localStorage.setItem('accessToken', accessToken({ role: 'admin' }));
    runMarkScript();
    expect(root.dataset.sessionRole).toBe('admin');
    clearSessionMark();
    expect(root.dataset.session).toBeUndefined();
    expect(root.dataset.sessionRole).toBeUndefined();
  });

  it('does not mark a token it cannot read as an admin', () => {
    localStorage.setItem('accessToken', 'x.not-json.y');
    runMarkScript();
    expect(root.dataset.session).toBe('stored');
    expect(root.dataset.sessionRole).toBeUndefined();
  });
});
