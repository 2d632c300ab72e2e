/**
 * What a person has typed into a form and not sent yet, kept in this page's memory only (never
 * in storage: a report's words must not outlive the tab on a shared device). A form that sends
 * someone away, to sign in or to create an account, finds its draft again when they come back.
 * Logging out forgets every draft.
 */
const drafts = new Map<string, unknown>();

export const draftStore = {
  get<T>(key: string): T | undefined {
    return drafts.get(key) as T | undefined;
  },
  save<T>(key: string, value: T) {
    drafts.set(key, value);
  },
  forget(key: string) {
    drafts.delete(key);
  },
  forgetAll() {
    drafts.clear();
  },
};
