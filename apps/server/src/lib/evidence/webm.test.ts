import { describe, expect, it } from 'vitest';
import { expectBadRequest } from '../../../test/evidence-fixtures';
import { VIDEO_UNREADABLE_MESSAGE } from './messages';
import { EBML_ID, type EbmlElement, readEbmlElements, sanitizeWebm } from './webm';

const TIMESTAMP_SCALE = 0x2ad7b1;
const TRACK_ENTRY = 0xae;
const SIMPLE_BLOCK = 0xa3;

function idBytes(id: number): Buffer {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const bytes = Buffer.alloc(length);
  bytes.writeUIntBE(id, 0, length);
  return bytes;
}

/** An EBML size written in `width` bytes (the smallest that fits by default). */
function sizeBytes(size: number, width?: number): Buffer {
  let length = width ?? 1;
  while (!width && size > 2 ** (7 * length) - 2) length += 1;
  const bytes = Buffer.alloc(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0] = (bytes[0] as number) | (0x80 >> (length - 1));
  return bytes;
}

function element(id: number, ...body: (Buffer | string)[]): Buffer {
  const data = Buffer.concat(
    body.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)),
  );
  return Buffer.concat([idBytes(id), sizeBytes(data.length), data]);
}

function elementWithSizeWidth(id: number, width: number, data: Buffer): Buffer {
  return Buffer.concat([idBytes(id), sizeBytes(data.length, width), data]);
}

function unknownSize(id: number, ...body: Buffer[]): Buffer {
  return Buffer.concat([idBytes(id), Buffer.from('01ffffffffffffff', 'hex'), ...body]);
}

const header = () => element(EBML_ID.header, element(0x4282, 'webm'));
const cluster = (frame: string) => element(EBML_ID.cluster, element(SIMPLE_BLOCK, frame));
const info = (...children: Buffer[]) =>
  element(EBML_ID.info, element(TIMESTAMP_SCALE, Buffer.from([0x0f, 0x42, 0x40])), ...children);
const webm = (...segmentChildren: Buffer[]) =>
  Buffer.concat([header(), element(EBML_ID.segment, ...segmentChildren)]);

const ids = (elements: EbmlElement[]) => elements.map((found) => found.id);
const isZero = (bytes: Buffer) => bytes.every((byte) => byte === 0);

describe('sanitizeWebm', () => {
  it('turns Info metadata into Void elements of the same length and keeps the rest', () => {
    const input = webm(
      info(
        element(EBML_ID.title, 'Secret'),
        element(EBML_ID.dateUtc, Buffer.alloc(8, 1)),
        element(EBML_ID.muxingApp, 'Lavf'),
        element(EBML_ID.writingApp, 'Lavf'),
      ),
      cluster('frame'),
    );

    const output = sanitizeWebm(input);

    const elements = readEbmlElements(output);
    const infoChildren = elements.filter((found) => found.parent?.id === EBML_ID.info);
    expect(ids(infoChildren)).toEqual([
      TIMESTAMP_SCALE,
      EBML_ID.void,
      EBML_ID.void,
      EBML_ID.void,
      EBML_ID.void,
    ]);
    expect(infoChildren.map((found) => [found.start, found.end])).toEqual(
      readEbmlElements(input)
        .filter((found) => found.parent?.id === EBML_ID.info)
        .map((found) => [found.start, found.end]),
    );
    for (const found of infoChildren.slice(1)) {
      expect(isZero(output.subarray(found.dataStart, found.end))).toBe(true);
    }
    expect(output.includes('Secret')).toBe(false);
    expect(output.includes('frame')).toBe(true);
  });

  // Void's ID is one byte: the size must grow to fill what a longer ID and size took.
  const voidCases: [string, number, number, number][] = [
    ['an empty 2-byte-ID element', EBML_ID.title, 1, 0],
    ['a 4-byte-ID element with an 8-byte size', EBML_ID.tags, 8, 40],
    ['a 4-byte-ID element whose data just fits a 1-byte size', EBML_ID.tags, 1, 126],
    ['a 4-byte-ID element needing a 2-byte Void size', EBML_ID.tags, 2, 200],
    ['a 4-byte-ID element at a 2-byte size boundary', EBML_ID.tags, 2, 16_379],
    ['a 4-byte-ID element needing a 3-byte Void size', EBML_ID.tags, 3, 16_381],
  ];

  for (const [name, id, width, length] of voidCases) {
    it(`voids ${name} without changing its length`, () => {
      const removed = elementWithSizeWidth(id, width, Buffer.alloc(length, 0x41));
      const target = id === EBML_ID.title ? info(removed) : removed;
      const input = webm(target, cluster('frame'));

      const output = sanitizeWebm(input);

      const elements = readEbmlElements(output);
      const voided = elements.find((found) => found.id === EBML_ID.void);
      const original = readEbmlElements(input).find((found) => found.id === id);
      expect([voided?.start, voided?.end]).toEqual([original?.start, original?.end]);
      expect(output.length).toBe(input.length);
      expect(output.includes('AAAA')).toBe(false);
      expect(ids(elements)).toContain(EBML_ID.cluster);
    });
  }

  it('walks past Clusters of unknown size to remove Tags written after them', () => {
    const input = Buffer.concat([
      header(),
      unknownSize(
        EBML_ID.segment,
        info(element(EBML_ID.title, 'Secret')),
        unknownSize(EBML_ID.cluster, element(SIMPLE_BLOCK, 'frame one')),
        unknownSize(EBML_ID.cluster, element(SIMPLE_BLOCK, 'frame two')),
        element(EBML_ID.tags, element(0x7373, 'Jane Reporter')),
      ),
    ]);

    const output = sanitizeWebm(input);

    // The Void left by Tags reads as part of the open Cluster before it: Void is allowed there.
    const segmentChildren = readEbmlElements(output).filter(
      (found) => found.parent?.id === EBML_ID.segment,
    );
    expect(ids(segmentChildren)).toEqual([EBML_ID.info, EBML_ID.cluster, EBML_ID.cluster]);
    expect(segmentChildren.at(-1)?.end).toBe(output.length);
    expect(output[input.indexOf(idBytes(EBML_ID.tags))]).toBe(EBML_ID.void);
    expect(output.includes('Jane Reporter')).toBe(false);
    expect(output.includes('Secret')).toBe(false);
    expect(output.includes('frame two')).toBe(true);
  });

  it('removes SeekHead entries that point at Tags and keeps the others', () => {
    const seek = (target: number) =>
      element(EBML_ID.seek, element(EBML_ID.seekId, idBytes(target)), element(0x53ac, 'pos'));
    const input = webm(
      element(EBML_ID.seekHead, seek(EBML_ID.info), seek(EBML_ID.tags)),
      info(),
      element(EBML_ID.tags, 'x'),
    );

    const output = sanitizeWebm(input);

    const seekHeadChildren = readEbmlElements(output).filter(
      (found) => found.parent?.id === EBML_ID.seekHead,
    );
    expect(ids(seekHeadChildren)).toEqual([EBML_ID.seek, EBML_ID.void]);
  });

  it('voids a CRC-32 over bytes it changed and keeps one over bytes it did not', () => {
    const crc = () => element(EBML_ID.crc32, Buffer.from('1a2b3c4d', 'hex'));
    const input = webm(
      element(EBML_ID.info, crc(), element(EBML_ID.title, 'Secret')),
      element(EBML_ID.tracks, crc(), element(TRACK_ENTRY, 'video')),
    );

    const output = sanitizeWebm(input);

    const elements = readEbmlElements(output);
    expect(ids(elements.filter((found) => found.parent?.id === EBML_ID.info))).toEqual([
      EBML_ID.void,
      EBML_ID.void,
    ]);
    expect(output.subarray(elements.find((found) => found.id === EBML_ID.tracks)?.start)).toEqual(
      input.subarray(elements.find((found) => found.id === EBML_ID.tracks)?.start),
    );
  });

  it('zeroes what an editor left inside Void padding', () => {
    const input = webm(element(EBML_ID.void, 'old title'), info());

    const output = sanitizeWebm(input);

    expect(output.includes('old title')).toBe(false);
    expect(output.length).toBe(input.length);
  });

  it('does not change the buffer it was given', () => {
    const input = webm(info(element(EBML_ID.title, 'Secret')));
    const copy = Buffer.from(input);
    sanitizeWebm(input);
    expect(input).toEqual(copy);
  });

  const malformed: [string, () => Buffer][] = [
    ['a file not starting with the EBML header', () => element(EBML_ID.segment, info())],
    ['a file without a Segment', () => header()],
    [
      'an element larger than its parent',
      () => webm(info(element(EBML_ID.title, 'x')).subarray(0, 6)),
    ],
    ['an element running past the end', () => webm(info()).subarray(0, -2)],
    ['an Info of unknown size', () => webm(unknownSize(EBML_ID.info))],
    ['a Segment of unknown size that is not at the top', () => webm(unknownSize(EBML_ID.segment))],
    [
      'a size with no length marker',
      () => Buffer.concat([header(), idBytes(EBML_ID.segment), Buffer.alloc(9)]),
    ],
    ['an ID longer than four bytes', () => webm(Buffer.from([0x08, 1, 2, 3, 4, 0x80]))],
    [
      'a Cluster of unknown size holding an element of unknown size',
      () => webm(unknownSize(EBML_ID.cluster, unknownSize(SIMPLE_BLOCK))),
    ],
    [
      'a Cluster of unknown size whose last block runs past the end',
      () =>
        Buffer.concat([
          header(),
          unknownSize(
            EBML_ID.segment,
            unknownSize(EBML_ID.cluster, element(SIMPLE_BLOCK, 'frame')),
          ),
        ]).subarray(0, -1),
    ],
  ];

  for (const [name, input] of malformed) {
    it(`refuses ${name} as unreadable`, async () => {
      expect(await expectBadRequest(() => sanitizeWebm(input()))).toBe(VIDEO_UNREADABLE_MESSAGE);
    });
  }
});
