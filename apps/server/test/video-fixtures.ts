import { runMediaJob } from '../src/lib/evidence/media-jobs';

/**
 * Videos that carry what cameras, phones and drones write about where and by whom they were
 * made, generated at test time with the FFmpeg the product ships. Timed-metadata tracks
 * (GoPro gpmd, Google camm, Apple mebx), which FFmpeg cannot write, are added as ISO BMFF
 * tracks by `withMetadataTracks` below, laid out as those cameras lay them out.
 */
export const SECRET = {
  latitude: '51.5007',
  longitude: '-0.1246',
  iso6709: '+51.5007-000.1246+035.000/',
  person: 'Jane Reporter',
  device: 'Jane iPhone 14',
  title: 'Secret meeting',
};

/** Every string above, as a file inspector would search for it. */
export const SECRET_STRINGS = [
  SECRET.latitude,
  '51.50',
  '0.1246',
  SECRET.person,
  'Jane',
  SECRET.title,
  'Secret',
  'iPhone',
  'Lavf5',
  'Lavc5',
];

async function ffmpeg(inputs: Record<string, Uint8Array>, args: string[]): Promise<Buffer> {
  const result = await runMediaJob({
    kind: 'ffmpeg',
    tool: 'ffmpeg',
    inputs,
    args: ['-hide_banner', '-loglevel', 'error', ...args, '/out'],
    outputs: ['/out'],
    timeoutMs: 60_000,
  });
  if (!result.ok || !('outputs' in result)) throw new Error(`ffmpeg failed: ${args.join(' ')}`);
  return Buffer.from(result.outputs['/out'] as Uint8Array);
}

const text = (value: string) => new TextEncoder().encode(value);

/** A second of test picture with a tone; `family` decides codecs. */
function sources(seconds = 1) {
  return [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=64x64:rate=10:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
  ];
}

const CHAPTERS = text(
  [
    ';FFMETADATA1',
    `title=${SECRET.title}`,
    `artist=${SECRET.person}`,
    `location=${SECRET.iso6709}`,
    '[CHAPTER]',
    'TIMEBASE=1/1000',
    'START=0',
    'END=500',
    `title=Arrival at ${SECRET.latitude} ${SECRET.longitude}`,
    '[CHAPTER]',
    'TIMEBASE=1/1000',
    'START=500',
    'END=1000',
    `title=${SECRET.person} speaks`,
    '',
  ].join('\n'),
);

const GPS_SUBTITLES = text(
  [
    '1',
    '00:00:00,000 --> 00:00:00,500',
    `[latitude: ${SECRET.latitude}] [longitude: ${SECRET.longitude}] [rel_alt: 35.0]`,
    '',
    '2',
    '00:00:00,500 --> 00:00:01,000',
    `[latitude: ${SECRET.latitude}] [longitude: ${SECRET.longitude}] [rel_alt: 35.2]`,
    '',
  ].join('\n'),
);

const NAMED_TRACKS = [
  '-metadata:s:v:0',
  `title=${SECRET.device} camera`,
  '-metadata:s:v:0',
  `handler_name=${SECRET.device} camera`,
  '-metadata:s:a:0',
  `title=${SECRET.person} microphone`,
  '-metadata:s:a:0',
  `handler_name=${SECRET.person} microphone`,
];

/** MP4: a DJI-style subtitle track of GPS text, chapters, ©xyz, title, named tracks. */
export function mp4WithGpsSubtitlesAndChapters(): Promise<Buffer> {
  return ffmpeg({ '/gps.srt': GPS_SUBTITLES, '/meta.txt': CHAPTERS }, [
    ...sources(),
    '-i',
    '/gps.srt',
    '-i',
    '/meta.txt',
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-map',
    '2:s',
    '-map_metadata',
    '3',
    '-map_chapters',
    '3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-c:s',
    'mov_text',
    '-metadata:s:s:0',
    `handler_name=DJI GPS ${SECRET.latitude}`,
    ...NAMED_TRACKS,
    '-f',
    'mp4',
  ]);
}

/** QuickTime: ©xyz location, title, author, named tracks (an iPhone writes these). */
export function movWithLocation(): Promise<Buffer> {
  return ffmpeg({ '/meta.txt': CHAPTERS }, [
    ...sources(),
    '-i',
    '/meta.txt',
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-map_metadata',
    '2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    ...NAMED_TRACKS,
    '-f',
    'mov',
  ]);
}

/** WebM: chapters, title, tags, named tracks, Vorbis audio with comments in its header. */
export function webmWithChaptersAndNames(): Promise<Buffer> {
  return ffmpeg({ '/meta.txt': CHAPTERS }, [
    ...sources(),
    '-i',
    '/meta.txt',
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-map_metadata',
    '2',
    '-map_chapters',
    '2',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    '-c:a',
    'libvorbis',
    ...NAMED_TRACKS,
    '-metadata:s:a:0',
    `comment=Recorded by ${SECRET.person} at ${SECRET.iso6709}`,
    '-f',
    'webm',
  ]);
}

/** A plain MP4 (moov at the end) for `withMetadataTracks` to extend. */
export function plainMp4(seconds = 1): Promise<Buffer> {
  return ffmpeg({}, [
    ...sources(seconds),
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'mp4',
  ]);
}
