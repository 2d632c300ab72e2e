import { DEFAULT_MAX_UPLOAD_MB, evidenceMimeTypes } from '@candor/contract/labels';
import { t } from '@/lib/i18n';

const byExtension = /\.(jpe?g|png|webp|gif|heic|heif|mp4|mov|webm)$/i;

/**
 * The server decides by the file's bytes; this only spares the reporter a long upload that
 * would be refused, in the server's own words.
 */
export function evidenceProblem(file: File, maxMb = DEFAULT_MAX_UPLOAD_MB): string | null {
  const typeKnown = (evidenceMimeTypes as readonly string[]).includes(file.type);
  if (!typeKnown && !(file.type === '' && byExtension.test(file.name)))
    return t('report.evidence.typeRefused');
  if (file.size > maxMb * 1024 * 1024) return t('report.evidence.tooLarge', { maxMb });
  return null;
}
