import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { BadRequestError } from '../errors';
import type { ImageFormat } from './detect';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from './messages';

/**
 * Decodes and re-encodes the image, which leaves every metadata block behind (EXIF, GPS, XMP,
 * IPTC, ICC, maker notes, thumbnails, PNG text chunks, GIF comments): sharp writes none of them
 * unless asked. EXIF orientation is applied to the pixels first so the picture still stands up.
 */
export async function sanitizeImage(
  input: Buffer,
  format: ImageFormat,
  maxPixels: number,
): Promise<Buffer> {
  if (!Number.isSafeInteger(maxPixels) || maxPixels < 1) {
    // sharp reads 0 or false as "no limit"; refuse to run without one.
    throw new RangeError('maxPixels must be a positive integer');
  }
  const options: SharpOptions = {
    limitInputPixels: maxPixels,
    // Every frame of an animation is kept; the limit then counts the pixels of all frames.
    animated: format === 'gif' || format === 'webp',
    // A half-decoded picture would silently misrepresent the evidence: refuse it instead.
    failOn: 'warning',
  };
  try {
    // The header alone: checks the pixel limit and the format before anything is decoded.
    const { format: decodedFormat } = await sharp(input, options).metadata();
    if (decodedFormat !== format) throw new BadRequestError(IMAGE_UNREADABLE_MESSAGE);
    return await encode(sharp(input, options).rotate(), format).toBuffer();
  } catch (error) {
    throw asImageError(error);
  }
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 90 });
    case 'gif':
      return image.gif();
  }
}

function asImageError(error: unknown): BadRequestError {
  if (error instanceof BadRequestError) return error;
  const message = error instanceof Error ? error.message : '';
  if (message.includes('exceeds pixel limit')) return new BadRequestError(IMAGE_TOO_LARGE_MESSAGE);
  return new BadRequestError(IMAGE_UNREADABLE_MESSAGE);
}
