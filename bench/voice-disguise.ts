// The time to disguise a voice recording (lib/evidence/voice.ts) of 1, 5 and 10 minutes on this
// machine, in the media worker as the routes run it. The reference, in the same run and on the
// same files, is the same FFmpeg decoding the recording and encoding it to the same Opus without
// the shift: the ratio is what the disguise itself adds. Each length runs ROUNDS times, the
// disguise and the reference alternating, so both meet the same load of a shared machine.
//
// Results go to bench/output/voice-disguise.json and the README's "Disguising a voice" section.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_LIMITS, runMediaJob } from '../apps/server/src/lib/evidence/media-jobs';
import { disguiseVoice } from '../apps/server/src/lib/evidence/voice';
import {
  VOICE_BITRATE,
  VOICE_ENCODER_SETTINGS,
  VOICE_MS_PER_SECOND,
  VOICE_SAMPLE_RATE,
} from '../apps/server/src/lib/evidence/voice-plan';
import { percentile, recordResult } from './support/results';
import { benchVoice } from './support/voice-inputs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LENGTHS = (process.env.BENCH_MINUTES ?? '1,5,10').split(',').map(Number);
const outputDir = process.env.BENCH_OUTPUT_DIR ?? path.join(import.meta.dirname, 'output');

/** The reference: decode and encode to the same Opus, no shift, no loudness measure. */
async function transcode(input: Buffer): Promise<void> {
  const result = await runMediaJob({
    kind: 'ffmpeg',
    tool: 'ffmpeg',
    inputs: { '/input': input },
    args: [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      '/input',
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-ar',
      String(VOICE_SAMPLE_RATE),
      ...VOICE_ENCODER_SETTINGS,
      '-f',
      'webm',
      '/out',
    ],
    outputs: ['/out'],
    timeoutMs: 600_000,
  });
  if (!result.ok) throw new Error(`reference failed: ${result.reason}`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

// The limits of a media job, raised so the longest recording is measured whatever the load.
MEDIA_LIMITS.timeoutMs = 600_000;

type Row = { minutes: number; disguise: number[]; reference: number[]; bytes: number };
const rows: Row[] = [];
// Compiles FFmpeg's module once, as the first upload after a start does.
await transcode(await benchVoice(5));
for (const minutes of LENGTHS) {
  const input = await benchVoice(minutes * 60);
  const row: Row = { minutes, disguise: [], reference: [], bytes: input.length };
  for (let round = 0; round < ROUNDS; round += 1) {
    row.disguise.push(
      await timed(() => disguiseVoice(Buffer.from(input), { maxSeconds: minutes * 60 + 5 })),
    );
    row.reference.push(await timed(() => transcode(input)));
    console.log(minutes, 'min', row.disguise.at(-1), row.reference.at(-1));
  }
  rows.push(row);
}

mkdirSync(outputDir, { recursive: true });
writeFileSync(path.join(outputDir, 'voice-disguise.json'), JSON.stringify(rows, null, 2));
const median = (values: number[]) => percentile(values, 50);
const table = [
  `Disguising a recording of espeak-ng's voice (Opus in WebM at 48 kb/s, as Chromium records),`,
  `in the media worker as the routes run it: decode, loudness, pitch and formants moved by a`,
  `random 4 to 7 semitones, encoded to mono wideband Opus at ${VOICE_BITRATE}b/s. Reference: the same`,
  'FFmpeg decoding and encoding the same file to the same Opus, without the shift. Each length',
  `${ROUNDS} times, disguise and reference alternating; medians, with the slowest disguise.`,
  `A recording may take ${VOICE_MS_PER_SECOND / 1000} s a second of it in the worker (${(600 * VOICE_MS_PER_SECOND) / 1000} s for 10 minutes); the`,
  'bench raises that limit so a loaded machine still gives a figure.',
  '',
  '| recording | file | disguise s (slowest) | reference s | disguise / reference | disguise / length of the recording |',
  '|---|---|---|---|---|---|',
  ...rows.map((row) => {
    const disguise = median(row.disguise);
    const reference = median(row.reference);
    return `| ${row.minutes} min | ${(row.bytes / 2 ** 20).toFixed(1)} MB | ${disguise.toFixed(1)} (${Math.max(...row.disguise).toFixed(1)}) | ${reference.toFixed(1)} | ${(disguise / reference).toFixed(2)} | ${(disguise / (row.minutes * 60)).toFixed(3)} |`;
  }),
].join('\n');
console.log(table);
await recordResult('Disguising a voice', table);
process.exit(0);
