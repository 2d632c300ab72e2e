import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { ffmpegWasmPath } from './ffmpeg-core';
import { defaultMediaWorkers } from './media-workers';
import type { VideoFamily } from './video-plan';
import type { VoiceFamily } from './voice-plan';

export type MediaJob =
  | {
      kind: 'video';
      data: Uint8Array;
      family: VideoFamily;
      maxOutputBytes: number;
      timeoutMs: number;
    }
  | {
      /** A plain FFmpeg or ffprobe command over in-memory files (tests make fixtures with it). */
      kind: 'ffmpeg';
      tool: 'ffmpeg' | 'ffprobe';
      inputs: Record<string, Uint8Array>;
      args: string[];
      outputs: string[];
      timeoutMs: number;
    }
  | { kind: 'heif'; data: Uint8Array; maxPixels: number }
  | {
      /** A recording to disguise (voice.ts): `ratio` moves pitch and formants together. */
      kind: 'voice';
      data: Uint8Array;
      family: VoiceFamily;
      ratio: number;
      maxSeconds: number;
      maxOutputBytes: number;
      timeoutMs: number;
    };

export type MediaWork = {
  job: MediaJob;
  ffmpegModule?: WebAssembly.Module;
  maxMemoryBytes: number;
};

export type MediaFailure =
  | 'unreadable'
  | 'no-video'
  | 'too-large'
  | 'too-many-pixels'
  | 'timeout'
  | 'not-voice'
  | 'silent'
  | 'too-long';

export type MediaResult =
  | { ok: false; reason: MediaFailure }
  | { ok: true; data: Uint8Array }
  | { ok: true; outputs: Record<string, Uint8Array> }
  | { ok: true; image: { width: number; height: number; data: Uint8Array } }
  | { ok: true; voice: { data: Uint8Array; durationMs: number } };

/** Per file: the WebAssembly heap cap, the JS heap of its worker, and the wall-clock limit. */
export const MEDIA_LIMITS = {
  maxMemoryBytes: 1024 * 1024 * 1024,
  workerHeapMb: 256,
  timeoutMs: 60_000,
  /**
   * Files processed at once by one server process; others wait their turn. The process entry
   * sets it from `MEDIA_WORKERS` (process-setup.ts); the queue is the process's, whatever app
   * runs in it.
   */
  concurrency: defaultMediaWorkers(),
};

/** Sets how many media files this process processes at once (config `uploads.mediaWorkers`). */
export function setMediaWorkers(count: number) {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`media workers: ${count}`);
  MEDIA_LIMITS.concurrency = count;
}

let compiled: Promise<WebAssembly.Module> | undefined;

/** Compiled once per process (about 0.3 s), then instantiated afresh for every file. */
function ffmpegModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(ffmpegWasmPath()).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/**
 * Built (dist/), the worker is its own bundle beside the server's; run from source (tests,
 * `npm run dev`), a small entry registers the TypeScript loader first.
 */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./media-worker-entry.mjs', import.meta.url)
  : new URL('./media-worker.js', import.meta.url);

let running = 0;
const queue: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MEDIA_LIMITS.concurrency) await new Promise<void>((go) => queue.push(go));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    queue.shift()?.();
  }
}

/**
 * Runs one job in a new worker thread and ends it: on its answer, on an error, or when the time
 * is up (terminate stops WebAssembly mid-instruction). Whatever the worker prints is dropped.
 */
export function runMediaJob(job: MediaJob): Promise<MediaResult> {
  return withSlot(async () => {
    const work: MediaWork = {
      job,
      ffmpegModule: job.kind === 'heif' ? undefined : await ffmpegModule(),
      maxMemoryBytes: MEDIA_LIMITS.maxMemoryBytes,
    };
    const worker = new Worker(WORKER_URL, {
      workerData: work,
      resourceLimits: { maxOldGenerationSizeMb: MEDIA_LIMITS.workerHeapMb },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    return new Promise<MediaResult>((resolve) => {
      const finish = (result: MediaResult) => {
        clearTimeout(timer);
        resolve(result);
        void worker.terminate();
      };
      // FFmpeg stops itself at the job's limit; the worker goes a little after, whatever it does.
      const limit = 'timeoutMs' in job ? job.timeoutMs : MEDIA_LIMITS.timeoutMs;
      const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limit + 5_000);
      worker.once('message', (result: MediaResult) => finish(result));
      worker.once('error', () => finish({ ok: false, reason: 'unreadable' }));
      worker.once('exit', () => finish({ ok: false, reason: 'unreadable' }));
    });
  });
}
