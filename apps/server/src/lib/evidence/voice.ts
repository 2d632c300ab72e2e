import { randomInt } from 'node:crypto';
import { BadRequestError } from '../errors';
import { detectVoiceFamily } from './detect';
import { MEDIA_LIMITS, runMediaJob } from './media-jobs';
import {
  VOICE_SILENT_MESSAGE,
  VOICE_TOO_LONG_MESSAGE,
  VOICE_TYPE_MESSAGE,
  VOICE_UNREADABLE_MESSAGE,
  voiceTooLongMessage,
} from './messages';
import {
  STEPS_PER_SEMITONE,
  VOICE_EXTENSION,
  VOICE_MIME,
  VOICE_MS_PER_SECOND,
  VOICE_SHIFT,
} from './voice-plan';

export type DisguisedVoice = { data: Buffer; mime: string; extension: string; durationMs: number };

/**
 * A new shift for one recording: a ratio of frequencies between 2^(4/12) and 2^(7/12), up or
 * down. Drawn from the system's random source and given to the worker only; no caller, log or
 * row ever sees it, so no single setting undoes two recordings.
 */
export function drawShiftRatio(): number {
  const { minSemitones, maxSemitones } = VOICE_SHIFT;
  const steps = (maxSemitones - minSemitones) * STEPS_PER_SEMITONE;
  const semitones = minSemitones + randomInt(steps + 1) / STEPS_PER_SEMITONE;
  const sign = randomInt(2) === 0 ? -1 : 1;
  return 2 ** ((sign * semitones) / 12);
}

/**
 * Disguises a voice recording before anything keeps it (docs/protection.md "Voice messages"): checks by its
 * bytes that it is one (WebM or Ogg with Opus, MP4 with AAC, WAV), no longer than `maxSeconds`
 * and not silent, moves its pitch and formants together by a new random amount, and answers a
 * mono Opus file with no tag of the input. Works in a media worker's memory; the caller's copy
 * of the input is wiped once the worker has its own. Throws BadRequestError for anything else.
 */
export async function disguiseVoice(
  input: Buffer,
  limits: { maxSeconds: number },
): Promise<DisguisedVoice> {
  try {
    const family = await detectVoiceFamily(input);
    if (!family) throw new BadRequestError(VOICE_TYPE_MESSAGE);
    const result = await runMediaJob({
      kind: 'voice',
      data: input,
      family,
      ratio: drawShiftRatio(),
      maxSeconds: limits.maxSeconds,
      // 24 kb/s for the longest recording, with room: a file that reaches it is not speech.
      maxOutputBytes: Math.ceil(((limits.maxSeconds + 2) * 48_000) / 8),
      timeoutMs: Math.max(MEDIA_LIMITS.timeoutMs, limits.maxSeconds * VOICE_MS_PER_SECOND),
    });
    if (result.ok && 'voice' in result) {
      const { data, durationMs } = result.voice;
      return { data: Buffer.from(data), mime: VOICE_MIME, extension: VOICE_EXTENSION, durationMs };
    }
    const reason = result.ok ? 'unreadable' : result.reason;
    if (reason === 'not-voice') throw new BadRequestError(VOICE_TYPE_MESSAGE);
    if (reason === 'silent') throw new BadRequestError(VOICE_SILENT_MESSAGE);
    if (reason === 'too-long' || reason === 'too-large') {
      throw new BadRequestError(voiceTooLongMessage(limits.maxSeconds));
    }
    if (reason === 'timeout') throw new BadRequestError(VOICE_TOO_LONG_MESSAGE);
    throw new BadRequestError(VOICE_UNREADABLE_MESSAGE);
  } finally {
    // The worker had its own copy; this one is not left in the heap for whoever reads it next.
    input.fill(0);
  }
}
