import { BadRequestError } from '../errors';
import { VIDEO_UNREADABLE_MESSAGE } from './messages';

/** Element IDs of the Matroska/WebM specification (with their length marker bits). */
export const EBML_ID = {
  header: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  info: 0x1549a966,
  title: 0x7ba9,
  dateUtc: 0x4461,
  muxingApp: 0x4d80,
  writingApp: 0x5741,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  cues: 0x1c53bb6b,
  chapters: 0x1043a770,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  void: 0xec,
  crc32: 0xbf,
} as const;

/** One element; `parent` is undefined at the top level. */
export type EbmlElement = {
  id: number;
  start: number;
  dataStart: number;
  end: number;
  depth: number;
  parent: EbmlElement | undefined;
};

/** Top-level children of a Segment: one of them ends a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set<number>([
  EBML_ID.seekHead,
  EBML_ID.info,
  EBML_ID.tracks,
  EBML_ID.cluster,
  EBML_ID.cues,
  EBML_ID.chapters,
  EBML_ID.tags,
  EBML_ID.attachments,
]);
/** Segment children that are metadata as a whole: tags, and files attached to the video. */
const METADATA_MASTERS = new Set<number>([EBML_ID.tags, EBML_ID.attachments]);
/** Info children naming the video, its recording time and the software that wrote it. */
const INFO_METADATA = new Set<number>([
  EBML_ID.title,
  EBML_ID.dateUtc,
  EBML_ID.muxingApp,
  EBML_ID.writingApp,
]);

function malformed(): never {
  throw new BadRequestError(VIDEO_UNREADABLE_MESSAGE);
}

/** A variable-length integer: its byte count and value; `value` is undefined for "unknown". */
function readVint(data: Buffer, pos: number, end: number, maxLength: number, keepMarker: boolean) {
  const first = data[pos];
  if (pos >= end || first === undefined) malformed();
  const length = Math.clz32(first) - 23;
  if (length > maxLength || pos + length > end) malformed();
  const valueMask = 0xff >> length;
  let value = keepMarker ? first : first & valueMask;
  let isUnknown = (first & valueMask) === valueMask;
  for (let i = 1; i < length; i += 1) {
    const byte = data[pos + i] as number;
    isUnknown &&= byte === 0xff;
    value = value * 256 + byte;
  }
  return { length, value: isUnknown && !keepMarker ? undefined : value };
}

/** An element's ID, where its data starts, and its data size (undefined: unknown size). */
function readHeader(data: Buffer, pos: number, end: number) {
  const id = readVint(data, pos, end, 4, true);
  const size = readVint(data, pos + id.length, end, 8, false);
  const dataStart = pos + id.length + size.length;
  if (size.value !== undefined && size.value > end - dataStart) malformed();
  return { id: id.value as number, dataStart, size: size.value };
}

function readElement(
  data: Buffer,
  pos: number,
  end: number,
  parent: EbmlElement | undefined,
): EbmlElement {
  const { id, dataStart, size } = readHeader(data, pos, end);
  const depth = parent ? parent.depth + 1 : 0;
  let elementEnd: number;
  if (size !== undefined) elementEnd = dataStart + size;
  // Live recordings leave only the Segment and Cluster sizes open.
  else if (id === EBML_ID.segment && depth === 0) elementEnd = end;
  else if (id === EBML_ID.cluster && parent?.id === EBML_ID.segment) {
    elementEnd = findClusterEnd(data, dataStart, end);
  } else malformed();
  return { id, start: pos, dataStart, end: elementEnd, depth, parent };
}

/** A Cluster of unknown size ends where the next Segment-level element starts. */
function findClusterEnd(data: Buffer, start: number, end: number): number {
  let pos = start;
  while (pos < end) {
    const child = readHeader(data, pos, end);
    if (SEGMENT_CHILDREN.has(child.id) || child.id === EBML_ID.header) return pos;
    if (child.id === EBML_ID.segment || child.size === undefined) malformed();
    pos = child.dataStart + child.size;
  }
  return end;
}

/** Masters walked: the Segment, and inside it where the metadata and the index to it live. */
function isWalked(element: EbmlElement): boolean {
  switch (element.id) {
    case EBML_ID.segment:
      return element.depth === 0;
    case EBML_ID.info:
    case EBML_ID.seekHead:
      return element.parent?.id === EBML_ID.segment;
    case EBML_ID.seek:
      return element.parent?.id === EBML_ID.seekHead;
    default:
      return false;
  }
}

/**
 * Reads the element tree of a WebM file: the top level, the Segment's children, and inside
 * Info, SeekHead and Seek. Refuses a file whose sizes do not add up or that has no Segment.
 */
export function readEbmlElements(data: Buffer): EbmlElement[] {
  const elements: EbmlElement[] = [];
  readLevel(data, 0, data.length, undefined, elements);
  if (elements[0]?.id !== EBML_ID.header) malformed();
  if (!elements.some((element) => element.id === EBML_ID.segment && element.depth === 0)) {
    malformed();
  }
  return elements;
}

function readLevel(
  data: Buffer,
  start: number,
  end: number,
  parent: EbmlElement | undefined,
  out: EbmlElement[],
) {
  let pos = start;
  while (pos < end) {
    const element = readElement(data, pos, end, parent);
    out.push(element);
    if (isWalked(element)) readLevel(data, element.dataStart, element.end, element, out);
    pos = element.end;
  }
}

/**
 * Returns a copy of the file without its metadata: Tags and Attachments, and Info's title,
 * date and writing software, become Void elements of the same length so every position the
 * SeekHead and Cues hold stays valid. Seek entries pointing at removed elements go too, and
 * a CRC-32 over changed bytes is voided rather than left wrong.
 */
export function sanitizeWebm(input: Buffer): Buffer {
  const data = Buffer.from(input);
  const elements = readEbmlElements(data);
  const blanked = new Set<EbmlElement>();
  const changed = new Set<EbmlElement>();
  const isInsideBlanked = (element: EbmlElement) => {
    for (let up = element.parent; up; up = up.parent) if (blanked.has(up)) return true;
    return false;
  };
  const markChanged = (element: EbmlElement) => {
    for (let up = element.parent; up; up = up.parent) changed.add(up);
  };
  for (const element of elements) {
    if (isInsideBlanked(element)) continue;
    if (isMetadata(data, element, elements)) {
      voidElement(data, element);
      blanked.add(element);
      markChanged(element);
    } else if (element.id === EBML_ID.void && hasNonZero(data, element.dataStart, element.end)) {
      // Padding may still hold whatever an editor left there.
      data.fill(0, element.dataStart, element.end);
      markChanged(element);
    }
  }
  for (const element of elements) {
    const { parent } = element;
    if (
      element.id === EBML_ID.crc32 &&
      parent &&
      changed.has(parent) &&
      !isInsideBlanked(element)
    ) {
      voidElement(data, element);
    }
  }
  return data;
}

function isMetadata(data: Buffer, element: EbmlElement, elements: EbmlElement[]): boolean {
  const parentId = element.parent?.id;
  if (parentId === EBML_ID.segment) return METADATA_MASTERS.has(element.id);
  if (parentId === EBML_ID.info) return INFO_METADATA.has(element.id);
  if (parentId === EBML_ID.seekHead && element.id === EBML_ID.seek) {
    const target = elements.find(
      (child) => child.parent === element && child.id === EBML_ID.seekId,
    );
    return target !== undefined && METADATA_MASTERS.has(readUnsigned(data, target));
  }
  return false;
}

function readUnsigned(data: Buffer, element: EbmlElement): number {
  let value = 0;
  for (let pos = element.dataStart; pos < element.end; pos += 1) {
    value = value * 256 + (data[pos] as number);
  }
  return value;
}

function hasNonZero(data: Buffer, start: number, end: number): boolean {
  return data.subarray(start, end).some((byte) => byte !== 0);
}

/**
 * Rewrites an element as a Void of the same total length. Void's ID takes one byte where the
 * old ID may have taken four, so the size is written as wide as it must be (at most 8 bytes).
 */
function voidElement(data: Buffer, element: EbmlElement) {
  const total = element.end - element.start;
  let width = 1;
  // width bytes hold 7 * width value bits; all ones means "unknown size", so not that.
  while (total - 1 - width > 2 ** (7 * width) - 2) width += 1;
  let size = total - 1 - width;
  data.fill(0, element.start, element.end);
  data[element.start] = EBML_ID.void;
  for (let i = width; i >= 1; i -= 1) {
    data[element.start + i] = size % 256;
    size = Math.floor(size / 256);
  }
  data[element.start + 1] = (data[element.start + 1] as number) | (0x80 >> (width - 1));
}
