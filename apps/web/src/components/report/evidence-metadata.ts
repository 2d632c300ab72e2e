import { intlLocale, t } from '@/lib/i18n';

/**
 * What a chosen evidence file says about its maker, read in the browser before upload so the
 * reporter sees what the server will remove. Reading is best effort: the server removes all
 * metadata whatever this finds.
 */
export type EvidenceMetadata =
  | { kind: 'photo'; location?: string; camera?: string; hasTime: boolean; person?: string }
  | { kind: 'video' }
  | { kind: 'unknown' };

type ExifFields = {
  latitude?: number;
  longitude?: number;
  Make?: string;
  Model?: string;
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
  ModifyDate?: unknown;
  Artist?: string;
  OwnerName?: string;
  CameraOwnerName?: string;
};

const PHOTO_EXTENSIONS = /\.(jpe?g|heic|heif|png|webp|tiff?)$/i;
const VIDEO_EXTENSIONS = /\.(mp4|mov|m4v|webm)$/i;

function isPhoto(file: File) {
  return file.type.startsWith('image/') || (file.type === '' && PHOTO_EXTENSIONS.test(file.name));
}

function isVideo(file: File) {
  return file.type.startsWith('video/') || (file.type === '' && VIDEO_EXTENSIONS.test(file.name));
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** "iPhone 14" rather than "Apple iPhone 14"; "Canon EOS 5D" rather than "Canon Canon EOS 5D". */
function cameraName(make?: string, model?: string): string | undefined {
  if (!model) return make;
  if (!make || model.toLowerCase().startsWith(make.toLowerCase()) || make === 'Apple') return model;
  return `${make} ${model}`;
}

export async function readEvidenceMetadata(file: File): Promise<EvidenceMetadata> {
  if (isVideo(file)) return { kind: 'video' };
  if (!isPhoto(file)) return { kind: 'unknown' };
  // Loaded only once a photo is chosen, so no other page pays for the EXIF reader.
  const { default: exifr } = await import('exifr');
  let fields: ExifFields | undefined;
  try {
    fields = await exifr.parse(file, { tiff: true, exif: true, gps: true, xmp: false });
  } catch {
    fields = undefined;
  }
  const { latitude, longitude } = fields ?? {};
  const hasPosition = Number.isFinite(latitude) && Number.isFinite(longitude);
  return {
    kind: 'photo',
    location: hasPosition
      ? `${(latitude as number).toFixed(2)}, ${(longitude as number).toFixed(2)}`
      : undefined,
    camera: cameraName(text(fields?.Make), text(fields?.Model)),
    hasTime: Boolean(fields?.DateTimeOriginal ?? fields?.CreateDate ?? fields?.ModifyDate),
    person: text(fields?.Artist) ?? text(fields?.OwnerName) ?? text(fields?.CameraOwnerName),
  };
}

/** "a, b and c", as the reader's language joins a list. */
function joinAnd(parts: string[]): string {
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(parts);
}

/** The sentence shown under the file input. */
export function describeEvidenceMetadata(metadata: EvidenceMetadata): string | null {
  if (metadata.kind === 'video') {
    return t('report.metadata.video');
  }
  if (metadata.kind === 'unknown') return null;
  const found: string[] = [];
  if (metadata.location) found.push(t('report.metadata.where', { location: metadata.location }));
  if (metadata.camera) found.push(t('report.metadata.camera', { camera: metadata.camera }));
  if (metadata.person) found.push(t('report.metadata.person', { person: metadata.person }));
  if (metadata.hasTime) found.push(t('report.metadata.time'));
  if (found.length === 0) {
    return t('report.metadata.nothing');
  }
  return t('report.metadata.photo', { found: joinAnd(found) });
}
