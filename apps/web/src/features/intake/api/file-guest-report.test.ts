import { tokenStorage } from '@/lib/auth/token-storage';
import { accessToken } from '@/test/tokens';
import { fileGuestReport } from './file-guest-report';

// The proof is checked by the server tests; here only what leaves the browser matters.
vi.mock('./proof-of-work', () => ({ proveWork: async () => 'proof' }));

type Sent = { url: string; headers: Record<string, string>; body: FormData | null };

/** A stand-in XMLHttpRequest that records what would be sent and answers 201. */
function recordXhr() {
  const sent: Sent = { url: '', headers: {}, body: null };
  class RecordingXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
    }
    send(body: FormData) {
      sent.body = body;
      queueMicrotask(() => {
        this.status = 201;
        this.responseText = JSON.stringify({ receipt: 'r' });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordingXhr);
  return sent;
}

afterEach(() => {
  tokenStorage.clear();
  vi.unstubAllGlobals();
});

describe('fileGuestReport', () => {
  it('never sends the session of a browser that holds one', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    const sent = recordXhr();
    await fileGuestReport(
      'acme',
      { title: 'A title', description: 'What happened.', file: null },
      () => {},
    );
    expect(sent.url).toMatch(/\/api\/intake\/acme\/reports\/$/);
    expect(sent.headers).toEqual({ accept: 'application/json' });
    expect(sent.body?.get('proof')).toBe('proof');
    expect(sent.body?.get('title')).toBe('A title');
  });

  it('sends again with a fresh proof when the server asks for a longer check (428)', async () => {
    const bodies: (FormData | null)[] = [];
    const statuses = [428, 201];
    class AskingXhr {
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send(body: FormData) {
        bodies.push(body);
        queueMicrotask(() => {
          this.status = statuses.shift() ?? 500;
          this.responseText = JSON.stringify(
            this.status === 201 ? { receipt: 'r' } : { detail: 'A longer check.' },
          );
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', AskingXhr);
    const created = await fileGuestReport(
      null,
      { title: 'A title', description: 'What happened.', file: null },
      () => {},
    );
    expect(created).toEqual({ receipt: 'r' });
    expect(bodies).toHaveLength(2);
    expect(bodies.map((body) => body?.get('title'))).toEqual(['A title', 'A title']);
  });
});
