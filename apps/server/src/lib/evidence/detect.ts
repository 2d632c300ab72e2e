import { fileTypeFromBuffer } from 'file-type';
import type { VoiceFamily } from './voice-plan';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';
export type VideoFormat = 'mp4' | 'mov' | 'webm';

export type EvidenceType =
  | { kind: 'image'; format: ImageFormat | 'heif'; mime: string; extension: string }
  | { kind: 'video'; format: VideoFormat; mime: string; extension: string };

/** HEIC/HEIF still pictures (an iPhone's default); stored as the JPEG they are turned into. */
const HEIF_MIMES = ['image/heic', 'image/heif'];
const HEIF: EvidenceType = { kind: 'image', format: 'heif', mime: 'image/jpeg', extension: 'jpg' };

/**
 * Accepted types, keyed by file-type's extension (not its mime: it also answers video/mp4 for
 * f4v and m4p, which are not accepted). `mime` and `extension` describe the stored file.
 */
const ACCEPTED: Record<string, EvidenceType> = {
  jpg: { kind: 'image', format: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  png: { kind: 'image', format: 'png', mime: 'image/png', extension: 'png' },
  webp: { kind: 'image', format: 'webp', mime: 'image/webp', extension: 'webp' },
  gif: { kind: 'image', format: 'gif', mime: 'image/gif', extension: 'gif' },
  mp4: { kind: 'video', format: 'mp4', mime: 'video/mp4', extension: 'mp4' },
  mov: { kind: 'video', format: 'mov', mime: 'video/quicktime', extension: 'mov' },
  webm: { kind: 'video', format: 'webm', mime: 'video/webm', extension: 'webm' },
};

/** The evidence type read from the bytes alone, or undefined when it is not an accepted one. */
export async function detectEvidenceType(input: Buffer): Promise<EvidenceType | undefined> {
  const detected = await fileTypeFromBuffer(input);
  if (detected?.ext === 'heic') return HEIF_MIMES.includes(detected.mime) ? HEIF : undefined;
  return detected ? ACCEPTED[detected.ext] : undefined;
}

/** Recordings, keyed by file-type's extension: what MediaRecorder writes, and WAV. */
const VOICE_FAMILIES: Record<string, VoiceFamily> = {
  webm: 'webm',
  opus: 'ogg',
  ogg: 'ogg',
  mp4: 'mp4',
  m4a: 'mp4',
  wav: 'wav',
};

/**
 * The container of a voice recording read from its bytes alone, or undefined when it is none of
 * the accepted ones; the codec inside is checked by the worker (voice-plan.ts).
 */
export async function detectVoiceFamily(input: Buffer): Promise<VoiceFamily | undefined> {
  const detected = await fileTypeFromBuffer(input);
  return detected ? VOICE_FAMILIES[detected.ext] : undefined;
}

/** The file name extension (no dot) of an accepted type's mime, as stored with the evidence. */
export function extensionOfMime(mime: string): string | undefined {
  return Object.values(ACCEPTED).find((type) => type.mime === mime)?.extension;
}
