/**
 * Decides how a voice recording is checked and disguised (docs/protection.md "Voice messages"). Pure: it
 * reads what ffprobe found and returns FFmpeg arguments; the worker runs them.
 */
import type { ProbedStream } from './video-plan';

/** The containers a recording may come in, read from its bytes (detect.ts). */
export type VoiceFamily = 'webm' | 'ogg' | 'mp4' | 'wav';

/**
 * The one audio codec each container may carry: what MediaRecorder writes (Opus in WebM or Ogg,
 * AAC in MP4 on Safari) and plain PCM in WAV.
 */
const CODEC_OF: Record<VoiceFamily, (codec: string) => boolean> = {
  webm: (codec) => codec === 'opus',
  ogg: (codec) => codec === 'opus',
  mp4: (codec) => codec === 'aac',
  wav: (codec) => codec.startsWith('pcm_'),
};

/** The stored form: mono Opus in WebM, which every current browser plays. */
export const VOICE_MIME = 'audio/webm';
export const VOICE_EXTENSION = 'webm';
/** Speech stays clear at this rate; the file is about 180 KB a minute. */
export const VOICE_BITRATE = '24k';
/** How Opus encodes the stored voice, as the plan asks ffmpeg. */
export const VOICE_ENCODER_SETTINGS = [
  '-b:a',
  VOICE_BITRATE,
  '-application',
  'voip',
  // The encoder's effort: 5 of 10 takes half the time of the default, for speech at this rate.
  '-compression_level',
  '5',
];
/**
 * Encoded as wideband speech (up to 8 kHz, as HD telephone calls): Opus then codes it as speech
 * alone, about twice as fast as full band in WebAssembly, and the highest, least needed part of
 * the voice is not kept at all.
 */
export const VOICE_SAMPLE_RATE = 16_000;
/**
 * The time one recording may take in the worker, per second of it: half its length (5 minutes
 * for the longest), and never less than any media file gets (media-jobs.ts). On two cores
 * shared with heavy work, a 10-minute recording took up to 2.7 minutes (bench/README.md
 * "Disguising a voice"); a reporter should not lose one to a busy moment.
 */
export const VOICE_MS_PER_SECOND = 500;

/**
 * The shift is drawn per recording, uniformly in `minSemitones..maxSemitones` and up or down
 * with equal chance, in steps of `1 / STEPS_PER_SEMITONE` semitone; it is never stored.
 */
export const VOICE_SHIFT = { minSemitones: 4, maxSemitones: 7 } as const;
export const STEPS_PER_SEMITONE = 100;

/** A recording whose loudest moment is quieter than this (dBFS) holds no voice to send. */
export const SILENCE_PEAK_DB = -45;

/** The index of the one audio stream to keep, or null when the file is not a recording. */
export function voiceStreamOf(streams: ProbedStream[], family: VoiceFamily): number | null {
  // A picture of any kind (a video, a cover) means the file is not a voice recording.
  if (streams.some((stream) => stream.codec_type === 'video')) return null;
  const audio = streams.filter((stream) => stream.codec_type === 'audio');
  const [first] = audio;
  if (!first || !CODEC_OF[family](first.codec_name ?? '')) return null;
  return first.index;
}

/** Pitch and formants move together by `ratio`: resampled, then brought back to its tempo. */
export function shiftFilter(ratio: number): string {
  const rate = 48_000;
  return [
    `aresample=${rate}`,
    `asetrate=${Math.round(rate * ratio)}`,
    `aresample=${rate}`,
    `atempo=${(1 / ratio).toFixed(6)}`,
  ].join(',');
}

export const VOICE_OUTPUT_PATH = '/voice.webm';

/**
 * Decodes the chosen stream, measures its loudness (`volumedetect` reports it in the log),
 * shifts it and encodes one mono Opus stream. Nothing of the input is mapped but its samples:
 * no tag, chapter or other stream; bit-exact flags keep FFmpeg's version out. Stops at
 * `maxSeconds` and a bit more, so a recording over the limit is found without decoding all of
 * it, and at `maxOutputBytes`.
 */
export function disguiseArgs(
  inputPath: string,
  streamIndex: number,
  ratio: number,
  limits: { maxSeconds: number; maxOutputBytes: number },
): string[] {
  return [
    '-hide_banner',
    '-nostats',
    // The level is the instance's, left at `error` by the probe before: the loudness is info.
    '-loglevel',
    'info',
    '-i',
    inputPath,
    '-map',
    `0:${streamIndex}`,
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-t',
    String(limits.maxSeconds + 1),
    '-af',
    `volumedetect,${shiftFilter(ratio)},aresample=${VOICE_SAMPLE_RATE}`,
    '-ac',
    '1',
    '-c:a',
    'libopus',
    ...VOICE_ENCODER_SETTINGS,
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-fs',
    String(limits.maxOutputBytes),
    '-f',
    'webm',
    VOICE_OUTPUT_PATH,
  ];
}

/** The peak level `volumedetect` logged (dBFS), or null when it logged none. */
export function peakOf(logLine: string): number | null {
  const match = /max_volume:\s*(-?(?:\d+(?:\.\d+)?|inf))\s*dB/.exec(logLine);
  if (!match) return null;
  return match[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(match[1]);
}

export function probeFormatArgs(path: string, probePath: string): string[] {
  return [
    '-v',
    'error',
    '-show_entries',
    'stream=index,codec_type,codec_name:format=duration',
    '-of',
    'json',
    path,
    '-o',
    probePath,
  ];
}
