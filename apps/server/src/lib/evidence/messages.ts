/** Answers for refused evidence files. */
// One text on both sides: the web app checks the file before sending with the same words.
export { EVIDENCE_TYPE_MESSAGE } from '@candor/contract/reports';
export const IMAGE_UNREADABLE_MESSAGE = 'The file could not be read as an image.';
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is too large to process.';
export const VIDEO_UNREADABLE_MESSAGE = 'The video file could not be read.';
export const VIDEO_TOO_LONG_MESSAGE =
  'The video could not be processed in time. Send a shorter clip.';
export {
  VOICE_SILENT_MESSAGE,
  VOICE_TYPE_MESSAGE,
  VOICE_UNREADABLE_MESSAGE,
  voiceTooLongMessage,
} from '@candor/contract/voice';
export const VOICE_TOO_LONG_MESSAGE =
  'The recording could not be processed in time. Send a shorter message.';
