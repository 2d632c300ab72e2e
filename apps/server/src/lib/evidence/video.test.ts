import { afterEach, describe, expect, it } from 'vitest';
import { expectBadRequest, readEvidenceFixture } from '../../../test/evidence-fixtures';
import { plainMp4 } from '../../../test/video-fixtures';
import { MEDIA_LIMITS, runMediaJob } from './media-jobs';
import { VIDEO_TOO_LONG_MESSAGE, VIDEO_UNREADABLE_MESSAGE } from './messages';
import { sanitizeVideo } from './video';
import { NoVideoStreamError, type ProbedStream, remuxArgs } from './video-plan';

const video = (index: number, codec: string, extra: Partial<ProbedStream> = {}): ProbedStream => ({
  index,
  codec_type: 'video',
  codec_name: codec,
  ...extra,
});
const audio = (index: number, codec: string): ProbedStream => ({
  index,
  codec_type: 'audio',
  codec_name: codec,
});
const data = (index: number): ProbedStream => ({
  index,
  codec_type: 'data',
  codec_name: 'bin_data',
});

/** The value that follows `flag` in an argument list, for each time the flag occurs. */
function valuesOf(args: string[], flag: string): string[] {
  return args.flatMap((arg, i) => (arg === flag ? [args[i + 1] as string] : []));
}

describe('remuxArgs', () => {
  it('maps the first video that is not a cover picture and the first audio, nothing else', () => {
    const args = remuxArgs(
      [
        data(0),
        video(1, 'mjpeg', { disposition: { attached_pic: 1 } }),
        audio(2, 'aac'),
        video(3, 'h264'),
        audio(4, 'aac'),
        { index: 5, codec_type: 'subtitle', codec_name: 'mov_text' },
      ],
      'mp4',
      1000,
    );
    expect(valuesOf(args, '-map')).toEqual(['0:3', '0:2']);
    expect(valuesOf(args, '-map_metadata')).toEqual(['-1']);
    expect(valuesOf(args, '-map_chapters')).toEqual(['-1']);
  });

  it('writes bit-exact, capped output in the family it came in', () => {
    for (const family of ['mp4', 'mov', 'webm'] as const) {
      const args = remuxArgs([video(0, 'vp9')], family, 1234);
      expect(valuesOf(args, '-fflags')).toEqual(['+bitexact']);
      expect(valuesOf(args, '-flags:v')).toEqual(['+bitexact']);
      expect(valuesOf(args, '-flags:a')).toEqual(['+bitexact']);
      expect(valuesOf(args, '-fs')).toEqual(['1234']);
      expect(valuesOf(args, '-f')).toEqual([family]);
    }
  });

  it('copies the picture and removes the units that carry free-form data in it', () => {
    const filterOf = (codec: string) =>
      valuesOf(remuxArgs([video(0, codec)], 'mp4', 1000), '-bsf:v');
    expect(filterOf('h264')).toEqual(['filter_units=remove_types=6']);
    expect(filterOf('hevc')).toEqual(['filter_units=remove_types=39|40']);
    expect(filterOf('av1')).toEqual(['filter_units=remove_types=5']);
    expect(filterOf('vp9')).toEqual([]);
    expect(valuesOf(remuxArgs([video(0, 'hevc')], 'mov', 1000), '-c:v')).toEqual(['copy']);
  });

  it('encodes again a picture whose codec it cannot clean by copying', () => {
    const args = remuxArgs([video(0, 'mpeg4')], 'mp4', 1000);
    expect(valuesOf(args, '-c:v')).toEqual(['libx264']);
    expect(valuesOf(args, '-bsf:v')).toEqual(['filter_units=remove_types=6']);
    expect(valuesOf(remuxArgs([video(0, 'theora')], 'webm', 1000), '-c:v')).toEqual(['libvpx']);
  });

  it('encodes again the sound formats that carry encoder names or tags, and copies the rest', () => {
    const audioCodec = (codec: string, family: 'mp4' | 'mov' | 'webm') =>
      valuesOf(remuxArgs([video(0, 'vp9'), audio(1, codec)], family, 1000), '-c:a');
    expect(audioCodec('aac', 'mp4')).toEqual(['aac']);
    expect(audioCodec('mp3', 'mov')).toEqual(['aac']);
    expect(audioCodec('alac', 'mov')).toEqual(['copy']);
    expect(audioCodec('pcm_s16le', 'mov')).toEqual(['copy']);
    expect(audioCodec('pcm_s16le', 'mp4')).toEqual(['aac']);
    expect(audioCodec('opus', 'webm')).toEqual(['copy']);
    expect(audioCodec('vorbis', 'webm')).toEqual(['libopus']);
  });

  it('refuses a file without a picture', () => {
    expect(() => remuxArgs([audio(0, 'aac'), data(1)], 'mp4', 1000)).toThrow(NoVideoStreamError);
  });
});

/** A file made by the shipped FFmpeg from its test sources. */
async function make(args: string[]): Promise<Buffer> {
  const result = await runMediaJob({
    kind: 'ffmpeg',
    tool: 'ffmpeg',
    inputs: {},
    args: [...args, '/out'],
    outputs: ['/out'],
    timeoutMs: 30_000,
  });
  if (!result.ok || !('outputs' in result)) throw new Error('could not make the fixture');
  return Buffer.from(result.outputs['/out'] as Uint8Array);
}

describe('sanitizeVideo limits', () => {
  const saved = { ...MEDIA_LIMITS };
  afterEach(() => {
    Object.assign(MEDIA_LIMITS, saved);
  });

  it('answers 400 for a video with sound but no picture', async () => {
    const soundOnly = await make([
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:a',
      'aac',
      '-f',
      'mp4',
    ]);
    expect(await expectBadRequest(sanitizeVideo(soundOnly, 'mp4'))).toBe(VIDEO_UNREADABLE_MESSAGE);
  });

  it('answers 400 for bytes that only start like an MP4', async () => {
    const fake = Buffer.concat([
      readEvidenceFixture('location.mp4').subarray(0, 32),
      Buffer.alloc(4000, 7),
    ]);
    expect(await expectBadRequest(sanitizeVideo(fake, 'mp4'))).toBe(VIDEO_UNREADABLE_MESSAGE);
  });

  it('stops FFmpeg when the time per file is up and answers 400', async () => {
    const long = await plainMp4(20);
    MEDIA_LIMITS.timeoutMs = 1;
    expect(await expectBadRequest(sanitizeVideo(long, 'mp4'))).toBe(VIDEO_TOO_LONG_MESSAGE);
  });

  it('stops FFmpeg when its memory would pass the cap and answers 400', async () => {
    // MPEG-4 Part 2 is encoded again as H.264, which needs far more than a copy.
    const clip = await make([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x480:rate=10:duration=1',
      '-c:v',
      'mpeg4',
      '-f',
      'mp4',
    ]);
    // The instance starts with 32 MiB; allow no growth at all.
    MEDIA_LIMITS.maxMemoryBytes = 32 * 1024 * 1024;
    expect(await expectBadRequest(sanitizeVideo(clip, 'mp4'))).toBe(VIDEO_UNREADABLE_MESSAGE);
    Object.assign(MEDIA_LIMITS, saved);
    await expect(sanitizeVideo(clip, 'mp4')).resolves.toBeInstanceOf(Buffer);
  });
});
