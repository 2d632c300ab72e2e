// The evidence files the benches send, made once and kept in bench/output/evidence-inputs/
// (BENCH_OUTPUT_DIR to change): a photo as a phone camera sends it and a 10 MB video.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const outputDir = process.env.BENCH_OUTPUT_DIR ?? path.join(import.meta.dirname, '..', 'output');
const inputsDir = path.join(outputDir, 'evidence-inputs');

/** A 1 MB JPEG of noise with EXIF and GPS, as a phone camera would send. */
async function makePhoto(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const width = 1400;
  const height = 1050;
  const noise = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < noise.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = (seed >> 16) & 0xff;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 14', Artist: 'Jane Reporter' } })
    .toBuffer();
}

/** A 10 MB H.264/AAC MP4 (720p, 10 s), made with the FFmpeg the product ships. */
async function makeVideo(): Promise<Buffer> {
  const { runMediaJob } = await import('../../apps/server/src/lib/evidence/media-jobs');
  const result = await runMediaJob({
    kind: 'ffmpeg',
    tool: 'ffmpeg',
    inputs: {},
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30:duration=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=10',
      '-vf',
      'noise=alls=30:allf=t',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '7600k',
      '-maxrate',
      '7600k',
      '-bufsize',
      '2M',
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-metadata',
      'location=+51.5007-000.1246/',
      '-metadata',
      'title=Secret',
      '-f',
      'mp4',
      '/out',
    ],
    outputs: ['/out'],
    timeoutMs: 600_000,
  });
  if (!result.ok || !('outputs' in result)) throw new Error('could not make the video');
  return Buffer.from(result.outputs['/out'] as Uint8Array);
}

async function input(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(inputsDir, name);
  if (!existsSync(file)) {
    mkdirSync(inputsDir, { recursive: true });
    writeFileSync(file, await make());
  }
  return readFileSync(file);
}

/** The 1 MB JPEG with EXIF (photo-1mb.jpg). */
export const benchPhoto = () => input('photo-1mb.jpg', makePhoto);

/** The 10 MB H.264/AAC MP4 with location and title tags (video-10mb.mp4). */
export const benchVideo = () => input('video-10mb.mp4', makeVideo);

/** Where `benchVideo` keeps the video once made. */
export const benchVideoPath = path.join(inputsDir, 'video-10mb.mp4');
