/**
 * Runs in a worker thread, one per file: decodes untrusted media away from the event loop, in
 * WebAssembly (no file system, network or process of the server within reach), and ends.
 * It posts one `MediaResult` and never logs: FFmpeg's messages can quote the file's tags.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createFfmpegCore, type FfmpegCore } from './ffmpeg-core';
import type { MediaJob, MediaResult, MediaWork } from './media-jobs';
import {
  ffprobeArgs,
  INPUT_PATH,
  NoVideoStreamError,
  OUTPUT_PATH,
  type ProbedStream,
  remuxArgs,
} from './video-plan';
import {
  disguiseArgs,
  peakOf,
  probeFormatArgs,
  SILENCE_PEAK_DB,
  VOICE_OUTPUT_PATH,
  voiceStreamOf,
} from './voice-plan';

const PROBE_PATH = '/probe.json';

async function run(work: MediaWork): Promise<MediaResult> {
  const { job } = work;
  switch (job.kind) {
    case 'video':
      return sanitizeVideo(await core(work), job);
    case 'ffmpeg':
      return runCommand(await core(work), job);
    case 'heif':
      return decodeHeif(job);
    case 'voice':
      return disguiseVoice(await core(work), job);
  }
}

function core(work: MediaWork): Promise<FfmpegCore> {
  if (!work.ffmpegModule) throw new Error('FFmpeg module missing');
  return createFfmpegCore(work.ffmpegModule, work.maxMemoryBytes);
}

function sanitizeVideo(ffmpeg: FfmpegCore, job: Extract<MediaJob, { kind: 'video' }>): MediaResult {
  ffmpeg.FS.writeFile(INPUT_PATH, job.data);
  // This build's ffprobe reports no exit status: what it wrote is the answer.
  ffmpeg.ffprobe(...ffprobeArgs(PROBE_PATH));
  const streams = readProbe(ffmpeg);
  if (!streams) return { ok: false, reason: 'unreadable' };
  let args: string[];
  try {
    args = remuxArgs(streams, job.family, job.maxOutputBytes);
  } catch (error) {
    if (error instanceof NoVideoStreamError) return { ok: false, reason: 'no-video' };
    throw error;
  }
  ffmpeg.reset();
  ffmpeg.setTimeout(job.timeoutMs);
  const started = Date.now();
  const code = ffmpeg.exec(...args);
  if (code !== 0) {
    // FFmpeg stops itself once the time is up: tell that apart from a file it cannot read.
    return { ok: false, reason: Date.now() - started >= job.timeoutMs ? 'timeout' : 'unreadable' };
  }
  const output = ffmpeg.FS.readFile(OUTPUT_PATH);
  // `-fs` stops writing at the cap: a file that reached it is cut short, not whole.
  if (output.length >= job.maxOutputBytes) return { ok: false, reason: 'too-large' };
  if (output.length === 0) return { ok: false, reason: 'unreadable' };
  return { ok: true, data: output };
}

type Probe = { streams?: ProbedStream[]; format?: { duration?: string } };

function readProbeFile(ffmpeg: FfmpegCore): Probe | null {
  try {
    return JSON.parse(new TextDecoder().decode(ffmpeg.FS.readFile(PROBE_PATH))) as Probe;
  } catch {
    return null;
  }
}

function readProbe(ffmpeg: FfmpegCore): ProbedStream[] | null {
  const probe = readProbeFile(ffmpeg);
  return Array.isArray(probe?.streams) ? probe.streams : null;
}

/**
 * Checks that the file is one voice recording, disguises it (voice-plan.ts) and answers the new
 * file and its length. The input lives in this worker's WebAssembly memory only, never on disk,
 * and goes with the worker, which is ended once it answers.
 */
function disguiseVoice(ffmpeg: FfmpegCore, job: Extract<MediaJob, { kind: 'voice' }>): MediaResult {
  ffmpeg.FS.writeFile(INPUT_PATH, job.data);
  ffmpeg.ffprobe(...probeFormatArgs(INPUT_PATH, PROBE_PATH));
  const streams = readProbe(ffmpeg);
  if (!streams) return { ok: false, reason: 'unreadable' };
  const stream = voiceStreamOf(streams, job.family);
  if (stream === null) return { ok: false, reason: 'not-voice' };
  ffmpeg.reset();
  let peak: number | null = null;
  // The log is read for the loudness line alone and kept nowhere.
  ffmpeg.setLogger(({ message }) => {
    peak = peakOf(message) ?? peak;
  });
  ffmpeg.setTimeout(job.timeoutMs);
  const started = Date.now();
  const code = ffmpeg.exec(
    ...disguiseArgs(INPUT_PATH, stream, job.ratio, {
      maxSeconds: job.maxSeconds,
      maxOutputBytes: job.maxOutputBytes,
    }),
  );
  ffmpeg.FS.unlink(INPUT_PATH);
  if (code !== 0) {
    return { ok: false, reason: Date.now() - started >= job.timeoutMs ? 'timeout' : 'unreadable' };
  }
  const output = ffmpeg.FS.readFile(VOICE_OUTPUT_PATH);
  if (output.length >= job.maxOutputBytes) return { ok: false, reason: 'too-large' };
  if (peak === null || output.length === 0) return { ok: false, reason: 'unreadable' };
  if (peak < SILENCE_PEAK_DB) return { ok: false, reason: 'silent' };
  ffmpeg.reset();
  ffmpeg.ffprobe(...probeFormatArgs(VOICE_OUTPUT_PATH, PROBE_PATH));
  const seconds = Number(readProbeFile(ffmpeg)?.format?.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) return { ok: false, reason: 'unreadable' };
  if (seconds > job.maxSeconds + 0.5) return { ok: false, reason: 'too-long' };
  return { ok: true, voice: { data: output, durationMs: Math.max(1, Math.round(seconds * 1000)) } };
}

function runCommand(ffmpeg: FfmpegCore, job: Extract<MediaJob, { kind: 'ffmpeg' }>): MediaResult {
  for (const [path, data] of Object.entries(job.inputs)) ffmpeg.FS.writeFile(path, data);
  ffmpeg.setTimeout(job.timeoutMs);
  if (job.tool === 'ffprobe') ffmpeg.ffprobe(...job.args);
  else if (ffmpeg.exec(...job.args) !== 0) return { ok: false, reason: 'unreadable' };
  const outputs: Record<string, Uint8Array> = {};
  try {
    for (const path of job.outputs) outputs[path] = ffmpeg.FS.readFile(path);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, outputs };
}

async function decodeHeif(job: Extract<MediaJob, { kind: 'heif' }>): Promise<MediaResult> {
  const { default: decode } = await import('heic-decode');
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: job.data });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const primary = images[0];
  if (!primary) return { ok: false, reason: 'unreadable' };
  // The header gives the size: refuse a huge picture before decoding a single pixel.
  if (primary.width * primary.height > job.maxPixels)
    return { ok: false, reason: 'too-many-pixels' };
  try {
    const image = await primary.decode();
    return {
      ok: true,
      image: {
        width: image.width,
        height: image.height,
        data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      },
    };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

run(workerData as MediaWork).then(
  (result) => parentPort?.postMessage(result),
  () => parentPort?.postMessage({ ok: false, reason: 'unreadable' } satisfies MediaResult),
);
