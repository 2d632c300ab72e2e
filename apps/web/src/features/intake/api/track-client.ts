import type { TrackSession, TrackSessionInput } from '@candor/contract/intake';
import type { Report, ReportMessage } from '@candor/contract/reports';
import { appendVoice, type DisguisedVoice } from '@/components/voice/preview-voice';
import { API_BASE, ApiError, acceptLanguage } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';
import { proveTrackWork } from './proof-of-work';

/**
 * The /track API. The guest token lives in the page's memory only (docs/design.md "Receipts"): it is
 * passed in by the page, never stored, and sent as `Authorization: Guest <token>`.
 */
async function call(
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  // The server's words (errors, the certificate) in the page's language.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': acceptLanguage(),
  };
  if (token) headers.authorization = `Guest ${token}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/track/${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      // Nothing about this visit in the browser's cache.
      cache: 'no-store',
      credentials: 'omit',
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await response.json().catch(() => null) : null;
    throw new ApiError(response.status, parsed);
  }
  return response;
}

async function json<T>(
  path: string,
  token: string | null,
  init?: { method?: string; body?: unknown; signal?: AbortSignal },
) {
  return (await (await call(path, token, init)).json()) as T;
}

/**
 * Opens the session with the receipt. When /track asks for a longer check first (428), the proof
 * is made here and the receipt sent again with it; the reporter only waits a little longer.
 */
async function openSession(input: TrackSessionInput, signal?: AbortSignal): Promise<TrackSession> {
  try {
    return await json<TrackSession>('session/', null, { method: 'POST', body: input, signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 428) throw error;
    const proof = await proveTrackWork(signal);
    return json<TrackSession>('session/', null, {
      method: 'POST',
      body: { ...input, proof },
      signal,
    });
  }
}

export const trackClient = {
  openSession,
  report: (token: string) => json<Report>('report/', token),
  messages: (token: string) => json<ReportMessage[]>('messages/', token),
  postMessage: (token: string, message: string, voice: DisguisedVoice | null = null) => {
    if (!voice)
      return json<ReportMessage>('messages/', token, { method: 'POST', body: { message } });
    const form = new FormData();
    if (message) form.append('message', message);
    appendVoice(form, voice);
    return json<ReportMessage>('messages/voice/', token, { method: 'POST', body: form });
  },
  addEvidence: (token: string, file: File) => {
    const form = new FormData();
    form.append('file_upload', file);
    return json<Report>('evidence/', token, { method: 'POST', body: form });
  },
  withdraw: (token: string) => json<Report>('cancel/', token, { method: 'POST' }),
  /** Saves the PDF under the server's file name; the title on it only when `withTitle`. */
  async downloadCertificate(token: string, withTitle: boolean): Promise<string> {
    const response = await call(withTitle ? 'certificate/?title=true' : 'certificate/', token);
    return saveDownload(response, 'certificate.pdf');
  },
};
