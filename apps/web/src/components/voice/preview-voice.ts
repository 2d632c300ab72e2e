import {
  VOICE_DURATION_HEADER,
  VOICE_FILE_FIELD,
  VOICE_TOKEN_FIELD,
  VOICE_TOKEN_HEADER,
} from '@candor/contract/voice';
import { apiFetchResponse } from '@/lib/api-client';

/**
 * A recording as the server disguised it (`POST /api/voice/preview/`): what the reporter
 * listens to, and what is sent with the form, with the token that keeps it exactly as heard.
 * The original recording is not kept once this exists.
 */
export type DisguisedVoice = { audio: Blob; token: string; durationMs: number };

const EXTENSION: Record<string, string> = { webm: 'webm', ogg: 'ogg', mp4: 'm4a', wav: 'wav' };

export async function previewVoice(recording: Blob): Promise<DisguisedVoice> {
  const form = new FormData();
  const family = /audio\/(\w+)/.exec(recording.type)?.[1] ?? 'webm';
  form.append(VOICE_FILE_FIELD, recording, `recording.${EXTENSION[family] ?? 'webm'}`);
  const response = await apiFetchResponse('/api/voice/preview/', {
    method: 'POST',
    body: form,
    auth: false,
  });
  return {
    audio: await response.blob(),
    token: response.headers.get(VOICE_TOKEN_HEADER) ?? '',
    durationMs: Number(response.headers.get(VOICE_DURATION_HEADER) ?? 0),
  };
}

/** Adds a disguised recording to a form being sent (a report, a message). */
export function appendVoice(form: FormData, voice: DisguisedVoice) {
  form.append(VOICE_FILE_FIELD, voice.audio, 'voice-message.webm');
  form.append(VOICE_TOKEN_FIELD, voice.token);
}
