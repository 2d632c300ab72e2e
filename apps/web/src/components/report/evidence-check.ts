import {
  DEFAULT_MAX_UPLOAD_MB,
  EVIDENCE_TYPE_MESSAGE,
  evidenceMimeTypes,
  evidenceTooLargeMessage,
} from '@candor/contract/labels';

const byExtension = /\.(jpe?g|png|webp|gif|heic|heif|mp4|mov|webm)$/i;

/**
 * The server decides by the file's bytes; this only spares the reporter a long upload that
 * would be refused, with the server's own messages.
 */
export function evidenceProblem(file: File, maxMb = DEFAULT_MAX_UPLOAD_MB): string | null {
  const typeKnown = (evidenceMimeTypes as readonly string[]).includes(file.type);
  if (!typeKnown && !(file.type === '' && byExtension.test(file.name)))
    return EVIDENCE_TYPE_MESSAGE;
  if (file.size > maxMb * 1024 * 1024) return evidenceTooLargeMessage(maxMb);
  return null;
}
