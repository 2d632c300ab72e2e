import { BadRequestError } from '../errors';
import { VIDEO_UNREADABLE_MESSAGE } from './messages';

/** One box of an MP4/MOV file; `path` names it from the top, e.g. `moov/trak/tkhd`. */
export type Box = {
  path: string;
  type: string;
  start: number;
  /** Where the box's own fields begin: after size, type, 64-bit size and uuid user type. */
  bodyStart: number;
  end: number;
  hasLargeSize: boolean;
};

/** Boxes made only of boxes, walked to reach the metadata and time fields below them. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'mvex']);
const FRAGMENT_CONTAINERS = new Set(['moof', 'traf', 'mfra']);
/**
 * Metadata carriers, blanked wherever they appear: user data (titles, ©xyz locations, ©day,
 * ©too, 3GPP `loci`), `meta` item lists (Apple keys with GPS, make, model), XMP (`uuid` on MP4,
 * `XMP_` on MOV) and vendor `uuid` boxes, and `prft` wall-clock times of fragmented files.
 */
const METADATA = new Set(['udta', 'meta', 'loci', 'XMP_', 'uuid', 'prft']);
const PADDING = new Set(['free', 'skip', 'wide']);
const TIMED_HEADERS = new Set(['mvhd', 'tkhd', 'mdhd']);
const COPYRIGHT_SIGN = '\u00a9';
// Real files nest five deep (moov/trak/mdia/minf/stbl); deeper means a crafted file.
const MAX_DEPTH = 8;

function malformed(): never {
  throw new BadRequestError(VIDEO_UNREADABLE_MESSAGE);
}

/**
 * Reads the box tree of an ISO-BMFF (MP4) or QuickTime (MOV) file, descending into the boxes
 * that hold other boxes. Refuses a tree whose sizes do not add up exactly to the file.
 */
export function readBoxes(data: Buffer): Box[] {
  const boxes: Box[] = [];
  readLevel(data, 0, data.length, '', 0, boxes);
  if (!boxes.some((box) => box.path === 'moov')) malformed();
  return boxes;
}

function readLevel(
  data: Buffer,
  start: number,
  end: number,
  parent: string,
  depth: number,
  out: Box[],
) {
  let pos = start;
  while (pos < end) {
    if (end - pos < 8) {
      // QuickTime allows a 32-bit zero terminator after the last child of a container.
      if (parent !== '' && data.subarray(pos, end).every((byte) => byte === 0)) return;
      malformed();
    }
    const box = readBox(data, pos, end, parent);
    out.push(box);
    // A compressed movie header hides its metadata from us: refuse rather than pass it on.
    if (box.type === 'cmov') malformed();
    if (CONTAINERS.has(box.type) || FRAGMENT_CONTAINERS.has(box.type)) {
      if (depth >= MAX_DEPTH) malformed();
      readLevel(data, box.bodyStart, box.end, box.path, depth + 1, out);
    }
    pos = box.end;
  }
}

function readBox(data: Buffer, pos: number, end: number, parent: string): Box {
  const type = data.toString('latin1', pos + 4, pos + 8);
  const declared = data.readUInt32BE(pos);
  let size: number = declared;
  let headerSize = 8;
  if (declared === 1) {
    if (end - pos < 16) malformed();
    const largeSize = data.readBigUInt64BE(pos + 8);
    if (largeSize > BigInt(end - pos)) malformed();
    size = Number(largeSize);
    headerSize = 16;
  } else if (declared === 0) {
    size = end - pos; // the box runs to the end of its parent (of the file at the top)
  }
  const bodyStart = pos + headerSize + (type === 'uuid' ? 16 : 0);
  if (size > end - pos || pos + size < bodyStart) malformed();
  const path = parent === '' ? type : `${parent}/${type}`;
  return { path, type, start: pos, bodyStart, end: pos + size, hasLargeSize: declared === 1 };
}

/**
 * Returns a copy of the file without its container metadata. Boxes keep their sizes and places
 * so chunk offsets (stco/co64) and fragment offsets stay valid: metadata boxes become `free`
 * boxes full of zeros, and creation/modification times become zero.
 */
export function sanitizeIsoBmff(input: Buffer): Buffer {
  const data = Buffer.from(input);
  for (const box of readBoxes(data)) {
    if (isMetadata(box.type)) blankBox(data, box);
    else if (PADDING.has(box.type)) data.fill(0, box.bodyStart, box.end);
    else if (TIMED_HEADERS.has(box.type)) zeroTimes(data, box);
    else if (box.type === 'hdlr') zeroHandlerName(data, box);
  }
  return data;
}

function isMetadata(type: string): boolean {
  return METADATA.has(type) || type.startsWith(COPYRIGHT_SIGN);
}

function blankBox(data: Buffer, box: Box) {
  data.write('free', box.start + 4, 'latin1');
  // The 64-bit size stays; everything after it, a uuid user type included, becomes zero.
  data.fill(0, box.start + (box.hasLargeSize ? 16 : 8), box.end);
}

/** mvhd, tkhd and mdhd start with version, flags, creation time and modification time. */
function zeroTimes(data: Buffer, box: Box) {
  const version = data[box.bodyStart];
  const timesLength = version === 1 ? 16 : version === 0 ? 8 : malformed();
  const timesStart = box.bodyStart + 4;
  if (timesStart + timesLength > box.end) malformed();
  data.fill(0, timesStart, timesStart + timesLength);
}

/**
 * The handler name is free text that recorders fill with device or app names ("Core Media
 * Video"); zeros read as an empty name both as a C string (MP4) and a Pascal string (MOV).
 */
function zeroHandlerName(data: Buffer, box: Box) {
  // version+flags (4), pre_defined (4), handler_type (4), reserved (12), then the name
  const nameStart = box.bodyStart + 24;
  if (nameStart < box.end) data.fill(0, nameStart, box.end);
}
