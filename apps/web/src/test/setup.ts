import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { draftStore } from '@/lib/drafts';
import { activateLoadedLocale, i18n } from '@/lib/i18n';
import english from '@/lib/i18n/catalogues/en';
import { MockWebSocket } from './mock-websocket';
import { currentTest, unlistedCalls } from './unlisted-calls';

// findBy and waitFor wait for an outcome, never for a time: a machine busy with other work may
// take longer than the default second to render it.
configure({ asyncUtilTimeout: 5000 });

// Pages are drawn in English, the spec's words, unless a test chooses another language.
activateLoadedLocale('en', english);

beforeEach(() => {
  currentTest.number += 1;
  // A test that changed the page's language leaves the next one in English.
  if (i18n.locale !== 'en') i18n.activate('en');
  // Build checks run in Node (`@vitest-environment node`), without a page.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  }
  unlistedCalls.length = 0;
  MockWebSocket.reset();
  globalThis.WebSocket = MockWebSocket as unknown as typeof WebSocket;
});

afterEach(() => {
  const unlisted = unlistedCalls.splice(0);
  if (unlisted.length > 0) {
    throw new Error(`fetch called for routes the test did not list: ${unlisted.join(', ')}`);
  }
});

afterEach(() => {
  cleanup();
  // Build checks run in Node (`@vitest-environment node`), without a browser's storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  // Drafts live in the page's memory, which a test run shares: each test starts with none.
  draftStore.forgetAll();
});
