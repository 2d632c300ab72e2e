import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Voices and measurements for the voice tests, made with Debian's tools and never with the
 * product's own FFmpeg build: espeak-ng speaks, Debian's ffmpeg encodes and decodes, aubio
 * tracks the pitch, ffprobe and exiftool read what a file holds (`.ci/run` installs them).
 */
const run = promisify(execFile);

/** What the input's tags say, to be looked for in everything the server keeps. */
export const VOICE_SECRETS = {
  title: 'Recorded by Jane Reporter',
  artist: 'Jane Reporter',
  comment: 'iPhone of Jane, office 4B',
  location: '+51.5007-000.1246/',
};
export const VOICE_SECRET_STRINGS = ['Jane', 'Reporter', 'iPhone', 'office 4B', '51.5007'];

/** A known synthetic voice: espeak-ng's default English voice reading `text`, as WAV. */
export async function speak(text: string, options: { pitch?: number } = {}): Promise<Buffer> {
  const { stdout } = await run(
    'espeak-ng',
    ['-v', 'en', '-s', '150', '-p', String(options.pitch ?? 50), '--stdout', text],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

export const SPOKEN_REPORT =
  'Good morning. I want to report what happened in the finance department last week. ' +
  'The manager asked me to change the numbers in the quarterly report before the audit.';

async function withTemp<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'candor-voice-test-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type RecordingFormat = 'webm' | 'ogg' | 'mp4' | 'wav' | 'mp3' | 'flac';

const ENCODE: Record<RecordingFormat, string[]> = {
  webm: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'webm'],
  ogg: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'],
  mp4: ['-c:a', 'aac', '-b:a', '64k', '-f', 'mp4'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
};

/**
 * `wav` re-encoded as a browser or a phone would send it, with every tag a device might write
 * (title, artist, comment, location, creation time).
 */
export async function encodeRecording(
  wav: Buffer,
  format: RecordingFormat,
  extra: string[] = [],
): Promise<Buffer> {
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in.wav');
    const output = path.join(dir, `out.${format}`);
    await writeFile(input, wav);
    const tags = Object.entries(VOICE_SECRETS).flatMap(([key, value]) => [
      '-metadata',
      `${key}=${value}`,
    ]);
    await run('ffmpeg', [
      '-v',
      'error',
      '-i',
      input,
      ...extra,
      ...tags,
      '-metadata',
      'creation_time=2031-03-01T09:15:00Z',
      ...ENCODE[format],
      output,
    ]);
    return readFile(output);
  });
}

/** Any ffmpeg command over one input file, answering the output's bytes. */
export async function ffmpegOutput(input: Buffer, args: string[], extension: string) {
  return withTemp(async (dir) => {
    const inputPath = path.join(dir, 'in');
    const output = path.join(dir, `out.${extension}`);
    await writeFile(inputPath, input);
    await run('ffmpeg', ['-v', 'error', '-i', inputPath, ...args, output]);
    return readFile(output);
  });
}

/** A tone or silence of `seconds`, from ffmpeg's own sources, encoded as `format`. */
export async function synthesized(
  source: 'silence' | 'tone',
  seconds: number,
  format: RecordingFormat,
): Promise<Buffer> {
  return withTemp(async (dir) => {
    const output = path.join(dir, `out.${format}`);
    const lavfi =
      source === 'silence'
        ? `anullsrc=r=48000:cl=mono:d=${seconds}`
        : `sine=f=220:r=48000:d=${seconds}`;
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', lavfi, ...ENCODE[format], output]);
    return readFile(output);
  });
}

/**
 * The median pitch of a file's voiced frames, in Hz: decoded by Debian's ffmpeg, tracked by
 * aubio's YIN (aubiopitch), frames with no pitch or outside a voice's range left out.
 */
export async function medianPitch(file: Buffer): Promise<number> {
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in');
    const wav = path.join(dir, 'decoded.wav');
    await writeFile(input, file);
    await run('ffmpeg', ['-v', 'error', '-i', input, '-ac', '1', '-ar', '44100', wav]);
    const { stdout } = await run('aubiopitch', ['-i', wav, '-p', 'yin', '-u', 'Hz', '-l', '0.2'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const pitches = stdout
      .trim()
      .split('\n')
      .map((line) => Number(line.trim().split(/\s+/)[1]))
      .filter((hz) => Number.isFinite(hz) && hz >= 50 && hz <= 800)
      .sort((a, b) => a - b);
    if (pitches.length < 50) throw new Error(`too few voiced frames: ${pitches.length}`);
    return pitches[Math.floor(pitches.length / 2)] as number;
  });
}

/** How far the pitch moved from `before` to `after`, in semitones (negative: down). */
export function semitonesBetween(before: number, after: number): number {
  return 12 * Math.log2(after / before);
}

export type ProbedFile = {
  streams: { codec_type: string; codec_name: string; channels?: number; tags?: object }[];
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  chapters: unknown[];
};

/** What Debian's ffprobe finds in a file: every stream, the container, chapters, tags. */
export async function probeFile(file: Buffer): Promise<ProbedFile> {
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in');
    await writeFile(input, file);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_streams',
      '-show_format',
      '-show_chapters',
      '-of',
      'json',
      input,
    ]);
    return JSON.parse(stdout) as ProbedFile;
  });
}

/** Every tag exiftool reads in a file, by group, less its own and the file system's. */
export async function exifTags(file: Buffer): Promise<Record<string, unknown>> {
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in.webm');
    await writeFile(input, file);
    const { stdout } = await run('exiftool', ['-j', '-a', '-G1', '-u', input]);
    const [tags] = JSON.parse(stdout) as Record<string, unknown>[];
    return Object.fromEntries(
      Object.entries(tags ?? {}).filter(
        ([name]) =>
          !name.startsWith('System:') && !name.startsWith('ExifTool:') && name !== 'SourceFile',
      ),
    );
  });
}
