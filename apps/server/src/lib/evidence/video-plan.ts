/**
 * Decides the FFmpeg command that rewrites an uploaded video to its picture and sound alone
 * (docs/protection.md "Evidence files"). Pure: it reads what ffprobe found and returns arguments.
 */
export type VideoFamily = 'mp4' | 'mov' | 'webm';

export type ProbedStream = {
  index: number;
  codec_type?: string;
  codec_name?: string;
  disposition?: { attached_pic?: number };
};

export const INPUT_PATH = '/input';
export const OUTPUT_PATH = '/output';

/** Thrown when the file holds no picture this plan can keep. */
export class NoVideoStreamError extends Error {}

/**
 * Units that carry free-form data inside the video bitstream: H.264 SEI (type 6) and HEVC
 * prefix/suffix SEI (39, 40) hold encoder strings such as x264's settings and, on some
 * cameras, GPS; AV1 metadata OBUs (5) may hold ITU-T T.35 payloads. VP8 and VP9 have none.
 */
const BITSTREAM_FILTERS: Record<string, string> = {
  h264: 'filter_units=remove_types=6',
  hevc: 'filter_units=remove_types=39|40',
  av1: 'filter_units=remove_types=5',
};

const COPYABLE_VIDEO: Record<VideoFamily, string[]> = {
  mp4: ['h264', 'hevc', 'av1', 'vp9'],
  mov: ['h264', 'hevc', 'av1', 'vp9'],
  webm: ['vp8', 'vp9', 'av1'],
};

/**
 * Audio copied as it is: codecs whose packets and codec data hold samples and nothing else.
 * AAC is re-encoded because encoders write their name and version into its frames (a data
 * stream element, e.g. "Lavc59.37.100"), MP3 because of the LAME/Xing header frame, and Vorbis
 * because its comment header holds free-text tags and a vendor string.
 */
const SAMPLES_ONLY_AUDIO = (codec: string) =>
  ['alac', 'flac', 'opus', 'ac3', 'eac3'].includes(codec) || codec.startsWith('pcm_');
const COPYABLE_AUDIO: Record<VideoFamily, (codec: string) => boolean> = {
  mp4: (codec) => SAMPLES_ONLY_AUDIO(codec) && !codec.startsWith('pcm_'),
  mov: SAMPLES_ONLY_AUDIO,
  webm: (codec) => codec === 'opus',
};

const MUXER: Record<VideoFamily, string> = { mp4: 'mp4', mov: 'mov', webm: 'webm' };

export function ffprobeArgs(probePath: string): string[] {
  return [
    '-v',
    'error',
    '-show_entries',
    'stream=index,codec_type,codec_name:stream_disposition=attached_pic',
    '-of',
    'json',
    INPUT_PATH,
    '-o',
    probePath,
  ];
}

/**
 * Keeps the first video stream (not a cover picture) and the first audio stream; every other
 * stream (data and timed metadata such as GoPro gpmd, Google camm, Apple mebx; subtitles such
 * as DJI's GPS text; attachments), every chapter and every tag is left behind. Bit-exact
 * flags stop FFmpeg writing its own name and version, so nothing tells which tool or which
 * original muxer made the file.
 */
export function remuxArgs(
  streams: ProbedStream[],
  family: VideoFamily,
  maxOutputBytes: number,
): string[] {
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic,
  );
  if (!video) throw new NoVideoStreamError('No video stream');
  const audio = streams.find((stream) => stream.codec_type === 'audio');

  const args = ['-hide_banner', '-loglevel', 'error', '-i', INPUT_PATH, '-map', `0:${video.index}`];
  if (audio) args.push('-map', `0:${audio.index}`);
  args.push('-map_metadata', '-1', '-map_chapters', '-1');
  args.push(...videoCodecArgs(video.codec_name ?? '', family));
  if (audio) args.push(...audioCodecArgs(audio.codec_name ?? '', family));
  args.push('-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact');
  if (family !== 'webm') args.push('-movflags', '+faststart', '-write_tmcd', '0');
  args.push('-fs', String(maxOutputBytes), '-f', MUXER[family], OUTPUT_PATH);
  return args;
}

function videoCodecArgs(codec: string, family: VideoFamily): string[] {
  if (COPYABLE_VIDEO[family].includes(codec)) {
    const filter = BITSTREAM_FILTERS[codec];
    return ['-c:v', 'copy', ...(filter ? ['-bsf:v', filter] : [])];
  }
  // A codec the container cannot carry as it is (or one with no known filter, e.g. MPEG-4
  // Part 2 user data): encode the picture again.
  if (family === 'webm') return ['-c:v', 'libvpx', '-b:v', '2M', '-deadline', 'realtime'];
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-bsf:v',
    BITSTREAM_FILTERS.h264 as string,
  ];
}

function audioCodecArgs(codec: string, family: VideoFamily): string[] {
  if (COPYABLE_AUDIO[family](codec)) return ['-c:a', 'copy'];
  // With the bit-exact flag neither encoder writes its own name into the stream. The fast AAC
  // coder halves the time of the default one in WebAssembly; at 192 kb/s speech and sound stay clear.
  return family === 'webm'
    ? ['-c:a', 'libopus', '-b:a', '128k']
    : ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k'];
}
