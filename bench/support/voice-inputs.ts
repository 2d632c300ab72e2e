// The voice recordings the benches send, made once and kept in bench/output/voice-inputs/
// (BENCH_OUTPUT_DIR to change): espeak-ng's voice reading a report, repeated to the length
// asked for, encoded as Chromium's MediaRecorder sends it (Opus in WebM, 48 kb/s) with the
// FFmpeg the product ships.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const outputDir = process.env.BENCH_OUTPUT_DIR ?? path.join(import.meta.dirname, '..', 'output');
const inputsDir = path.join(outputDir, 'voice-inputs');

const TEXT =
  'Good morning. I want to report what happened in the finance department last week. The ' +
  'manager asked me to change the numbers in the quarterly report before the audit, and when ' +
  'I refused I was left out of every meeting.';

/** Where the recording of `seconds` is kept, once made. */
export function benchVoicePath(seconds: number): string {
  return path.join(inputsDir, `voice-${seconds}s.webm`);
}

/** A recording of `seconds` of speech, as a browser sends it. */
export async function benchVoice(seconds: number): Promise<Buffer> {
  const file = benchVoicePath(seconds);
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(inputsDir, { recursive: true });
  const wav = execFileSync('espeak-ng', ['-v', 'en', '-s', '150', '--stdout', TEXT], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { runMediaJob } = await import('../../apps/server/src/lib/evidence/media-jobs');
  const result = await runMediaJob({
    kind: 'ffmpeg',
    tool: 'ffmpeg',
    inputs: { '/speech.wav': wav },
    args: [
      '-hide_banner',
      '-loglevel',
      'error',
      '-stream_loop',
      '-1',
      '-i',
      '/speech.wav',
      '-t',
      String(seconds),
      '-ar',
      '48000',
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-b:a',
      '48k',
      '-f',
      'webm',
      '/out',
    ],
    outputs: ['/out'],
    timeoutMs: 600_000,
  });
  if (!result.ok || !('outputs' in result)) throw new Error('could not make the bench voice');
  const data = Buffer.from(result.outputs['/out'] as Uint8Array);
  writeFileSync(file, data);
  return data;
}
