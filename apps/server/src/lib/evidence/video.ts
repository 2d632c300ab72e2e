import { BadRequestError } from '../errors';
import { MEDIA_LIMITS, runMediaJob } from './media-jobs';
import { VIDEO_TOO_LONG_MESSAGE, VIDEO_UNREADABLE_MESSAGE } from './messages';
import type { VideoFamily } from './video-plan';

/**
 * Rewrites a video to its first picture and first sound stream with FFmpeg, in a worker
 * (video-plan.ts says what is kept). Throws BadRequestError for anything it cannot process.
 */
export async function sanitizeVideo(input: Buffer, family: VideoFamily): Promise<Buffer> {
  const result = await runMediaJob({
    kind: 'video',
    data: input,
    family,
    // Copying never grows a file much; room for re-encoding a picture FFmpeg cannot copy.
    maxOutputBytes: Math.max(input.length * 3, 32 * 1024 * 1024),
    timeoutMs: MEDIA_LIMITS.timeoutMs,
  });
  if (result.ok && 'data' in result) return Buffer.from(result.data);
  if (!result.ok && (result.reason === 'timeout' || result.reason === 'too-large')) {
    throw new BadRequestError(VIDEO_TOO_LONG_MESSAGE);
  }
  throw new BadRequestError(VIDEO_UNREADABLE_MESSAGE);
}
