import { BadRequestError } from '../errors';
import { detectEvidenceType } from './detect';
import { sanitizeHeif } from './heif';
import { sanitizeImage } from './image';
import { EVIDENCE_TYPE_MESSAGE } from './messages';
import { sanitizeVideo } from './video';

export { extensionOfMime } from './detect';
export { EVIDENCE_TYPE_MESSAGE };

/** `extension` has no dot (`jpg`, `mp4`); `mime` and `extension` describe `data`, not the input. */
export type SanitizedEvidence = {
  data: Buffer;
  mime: string;
  extension: string;
  kind: 'image' | 'video';
};
export type EvidenceLimits = { maxPixels: number };

/**
 * Detects the type from the bytes (never the name or declared type), strips metadata, returns
 * the clean file (docs/protection.md "Evidence files"). Throws BadRequestError for a type that is not
 * accepted, a file that cannot be read as its type, an image over `maxPixels` pixels, or a
 * video that cannot be processed within the limits of media-jobs.ts.
 */
export async function sanitizeEvidence(
  input: Buffer,
  limits: EvidenceLimits,
): Promise<SanitizedEvidence> {
  const type = await detectEvidenceType(input);
  if (!type) throw new BadRequestError(EVIDENCE_TYPE_MESSAGE);
  const { kind, mime, extension } = type;
  switch (type.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return {
        data: await sanitizeImage(input, type.format, limits.maxPixels),
        mime,
        extension,
        kind,
      };
    case 'heif':
      return { data: await sanitizeHeif(input, limits.maxPixels), mime, extension, kind };
    case 'mp4':
    case 'mov':
    case 'webm':
      return { data: await sanitizeVideo(input, type.format), mime, extension, kind };
  }
}
