import sharp from 'sharp';
import { BadRequestError } from '../errors';
import { runMediaJob } from './media-jobs';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from './messages';

/**
 * HEIC/HEIF (iPhone photos): the prebuilt sharp cannot decode HEVC, so libheif's WebAssembly
 * build decodes the primary picture in a worker (its rotation and mirroring applied), and sharp
 * writes the pixels as a JPEG that carries nothing else: no EXIF, GPS, XMP, depth map,
 * thumbnail or second image of the container survives.
 */
export async function sanitizeHeif(input: Buffer, maxPixels: number): Promise<Buffer> {
  const result = await runMediaJob({ kind: 'heif', data: input, maxPixels });
  if (result.ok && 'image' in result) {
    const { width, height, data } = result.image;
    return sharp(data, { raw: { width, height, channels: 4 } })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
  }
  if (!result.ok && result.reason === 'too-many-pixels') {
    throw new BadRequestError(IMAGE_TOO_LARGE_MESSAGE);
  }
  throw new BadRequestError(IMAGE_UNREADABLE_MESSAGE);
}
