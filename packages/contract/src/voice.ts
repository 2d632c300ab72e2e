/**
 * Voice messages (docs/protection.md "Voice messages"): a report's own, beside or instead of its written
 * description, and in the thread. The server disguises every recording before it keeps it.
 * Words and numbers only, no zod: the forms read them before their schemas load. The payload's
 * shape (`voiceMessageSchema`) is in reports.ts.
 */

/** The longest recording, shown while recording and checked by the server. */
export const VOICE_MAX_SECONDS = 600;

/** The multipart part that carries a recording, and the field that carries its preview token. */
export const VOICE_FILE_FIELD = 'voice_recording';
export const VOICE_TOKEN_FIELD = 'voice_token';

/**
 * `POST /api/voice/preview/` answers the disguised recording itself (`audio/webm`) with these
 * headers: its length, and a token that lets the same bytes be sent with the report or message
 * (so what the reporter heard is what is kept) for `VOICE_TOKEN_HOURS`.
 */
export const VOICE_DURATION_HEADER = 'x-voice-duration-ms';
export const VOICE_TOKEN_HEADER = 'x-voice-token';
export const VOICE_TOKEN_HOURS = 6;

/** The recordings the server accepts, decided by their bytes. */
export const voiceMimeTypes = [
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
  'audio/wav',
  'video/webm',
  'video/mp4',
] as const;

export const VOICE_TYPE_MESSAGE =
  'Only voice recordings are accepted: WebM or Ogg with Opus, MP4 with AAC, or WAV.';
export const VOICE_SILENT_MESSAGE =
  'The recording is silent. Check that the microphone is on and record again.';
export const VOICE_UNREADABLE_MESSAGE = 'The recording could not be read. Record it again.';
export function voiceTooLongMessage(maxSeconds: number) {
  // Two whole sentences, so each language's catalogue finds its own (messages/<language>.json).
  return maxSeconds >= 60
    ? `The recording is too long. A voice message can be at most ${Math.round(maxSeconds / 60)} minutes.`
    : `The recording is too long. A voice message can be at most ${maxSeconds} seconds.`;
}
