import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { draftStore } from '@/lib/drafts';
import { MockWebSocket } from './mock-websocket';

beforeEach(() => {
  MockWebSocket.reset();
  globalThis.WebSocket = MockWebSocket as unknown as typeof WebSocket;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Drafts live in the page's memory, which a test run shares: each test starts with none.
  draftStore.forgetAll();
});
