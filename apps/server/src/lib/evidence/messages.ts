/** Answers for refused evidence files; HEIC is not listed because this sharp build cannot decode HEVC. */
// One text on both sides: the web app checks the file before sending with the same words.
export { EVIDENCE_TYPE_MESSAGE } from '@candor/contract/reports';
export const IMAGE_UNREADABLE_MESSAGE = 'The file could not be read as an image.';
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is too large to process.';
export const VIDEO_UNREADABLE_MESSAGE = 'The video file could not be read.';
