import mediaInfoFactory from 'mediainfo.js';

export type MediaTrack = { '@type': string; [field: string]: unknown };

/**
 * What MediaInfo (MediaInfoLib, a reader with no code in common with FFmpeg) sees in a file:
 * every track with every field it knows, tags and extra fields included.
 */
export async function inspectMedia(file: Uint8Array): Promise<MediaTrack[]> {
  const mediaInfo = await mediaInfoFactory({ format: 'object', full: true });
  try {
    const result = await mediaInfo.analyzeData(file.length, (size, offset) =>
      file.subarray(offset, offset + size),
    );
    return (result.media?.track ?? []) as MediaTrack[];
  } finally {
    mediaInfo.close();
  }
}
