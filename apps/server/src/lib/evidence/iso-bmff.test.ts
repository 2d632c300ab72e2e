import { describe, expect, it } from 'vitest';
import { expectBadRequest } from '../../../test/evidence-fixtures';
import { type Box, readBoxes, sanitizeIsoBmff } from './iso-bmff';
import { VIDEO_UNREADABLE_MESSAGE } from './messages';

const COPYRIGHT_SIGN = '\u00a9';

function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

function largeBox(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + content.length), 8);
  return Buffer.concat([header, content]);
}

/** mvhd/tkhd/mdhd: version, flags, creation and modification times, then fields kept. */
function timedBox(type: string, version: 0 | 1, time: number, rest = Buffer.from('keep')): Buffer {
  const times = Buffer.alloc(version === 1 ? 16 : 8);
  if (version === 1) {
    times.writeBigUInt64BE(BigInt(time));
    times.writeBigUInt64BE(BigInt(time), 8);
  } else {
    times.writeUInt32BE(time);
    times.writeUInt32BE(time, 4);
  }
  return box(type, Buffer.from([version, 0, 0, 0]), times, rest);
}

const text = (value: string) => Buffer.from(value, 'latin1');
const ftyp = () => box('ftyp', text('isom'), Buffer.alloc(4), text('isommp41'));

function boxAt(data: Buffer, path: string): Box {
  const found = readBoxes(data).find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no ${path} box`);
  return found;
}

function timesOf(data: Buffer, found: Box): Buffer {
  const length = data[found.bodyStart] === 1 ? 16 : 8;
  return data.subarray(found.bodyStart + 4, found.bodyStart + 4 + length);
}

const isZero = (bytes: Buffer) => bytes.every((byte) => byte === 0);

describe('sanitizeIsoBmff', () => {
  it('blanks udta and meta at track level and ©-boxes anywhere, keeping every offset', () => {
    const input = Buffer.concat([
      ftyp(),
      box(
        'moov',
        timedBox('mvhd', 0, 1_700_000_000),
        box(`${COPYRIGHT_SIGN}xyz`, text('+48.8584+002.2945/')),
        box(
          'trak',
          timedBox('tkhd', 0, 1_700_000_000),
          box('udta', box(`${COPYRIGHT_SIGN}day`, text('2024-01-01'))),
          box('meta', Buffer.alloc(4), box('ilst', text('Jane'))),
        ),
      ),
      box('mdat', text('pictures')),
    ]);

    const output = sanitizeIsoBmff(input);

    expect(output.length).toBe(input.length);
    expect(readBoxes(output).map((found) => found.path)).toEqual([
      'ftyp',
      'moov',
      'moov/mvhd',
      'moov/free',
      'moov/trak',
      'moov/trak/tkhd',
      'moov/trak/free',
      'moov/trak/free',
      'mdat',
    ]);
    for (const free of readBoxes(output).filter((found) => found.type === 'free')) {
      expect(isZero(output.subarray(free.bodyStart, free.end))).toBe(true);
    }
    expect(output.includes('48.8584')).toBe(false);
    expect(output.includes('Jane')).toBe(false);
    expect(output.includes('pictures')).toBe(true);
  });

  it('zeroes 64-bit times of version 1 headers and nothing after them', () => {
    const time = 3_900_000_000_000;
    const input = Buffer.concat([box('moov', timedBox('mvhd', 1, time, text('scale-duration')))]);

    const output = sanitizeIsoBmff(input);

    const mvhd = boxAt(output, 'moov/mvhd');
    expect(timesOf(output, mvhd)).toEqual(Buffer.alloc(16));
    expect(output.toString('latin1', mvhd.bodyStart + 20, mvhd.end)).toBe('scale-duration');
  });

  it('reads 64-bit box sizes and keeps them when blanking the box', () => {
    const input = Buffer.concat([
      ftyp(),
      box('moov', largeBox('udta', box(`${COPYRIGHT_SIGN}nam`, text('Secret')))),
      largeBox('mdat', text('pictures')),
    ]);

    const output = sanitizeIsoBmff(input);

    const free = boxAt(output, 'moov/free');
    expect(free.hasLargeSize).toBe(true);
    expect(output.readUInt32BE(free.start)).toBe(1);
    expect(output.readBigUInt64BE(free.start + 8)).toBe(BigInt(free.end - free.start));
    expect(output.includes('Secret')).toBe(false);
    expect(boxAt(output, 'mdat').end).toBe(output.length);
  });

  it('reads a box of size 0 as running to the end of the file', () => {
    const mdat = box('mdat', text('pictures to the end'));
    mdat.writeUInt32BE(0);
    const input = Buffer.concat([ftyp(), box('moov', timedBox('mvhd', 0, 5)), mdat]);

    expect(boxAt(sanitizeIsoBmff(input), 'mdat').end).toBe(input.length);
  });

  it('blanks every uuid box, user type included, and zeroes free space', () => {
    const xmpUuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
    const input = Buffer.concat([
      ftyp(),
      box('moov', timedBox('mvhd', 0, 5), box('free', text('old title'))),
      box('uuid', xmpUuid, text('<x:xmpmeta>Jane</x:xmpmeta>')),
      box('mdat'),
    ]);

    const output = sanitizeIsoBmff(input);

    expect(output.includes(xmpUuid)).toBe(false);
    expect(output.includes('xmpmeta')).toBe(false);
    expect(output.includes('old title')).toBe(false);
    expect(readBoxes(output).map((found) => found.type)).toEqual([
      'ftyp',
      'moov',
      'mvhd',
      'free',
      'free',
      'mdat',
    ]);
  });

  it('accepts the QuickTime zero terminator at the end of a container', () => {
    const input = Buffer.concat([box('moov', timedBox('mvhd', 0, 5), Buffer.alloc(4))]);
    expect(readBoxes(sanitizeIsoBmff(input)).map((found) => found.path)).toEqual([
      'moov',
      'moov/mvhd',
    ]);
  });

  it('does not change the buffer it was given', () => {
    const input = Buffer.concat([box('moov', timedBox('mvhd', 0, 5), box('udta', text('x')))]);
    const copy = Buffer.from(input);
    sanitizeIsoBmff(input);
    expect(input).toEqual(copy);
  });

  const malformed: [string, () => Buffer][] = [
    ['a box larger than the file', () => box('moov', timedBox('mvhd', 0, 5)).subarray(0, 20)],
    [
      'a child larger than its parent',
      () => {
        const moov = box('moov', timedBox('mvhd', 0, 5));
        moov.writeUInt32BE(999, 8);
        return moov;
      },
    ],
    [
      'a box size below its header',
      () => {
        const moov = box('moov', timedBox('mvhd', 0, 5));
        moov.writeUInt32BE(4, 8);
        return moov;
      },
    ],
    ['stray bytes after the last box', () => Buffer.concat([box('moov'), text('abc')])],
    ['stray bytes inside a container', () => box('moov', timedBox('mvhd', 0, 5), text('abc'))],
    [
      'a 64-bit size beyond the file',
      () => {
        const moov = largeBox('moov');
        moov.writeBigUInt64BE(2n ** 62n, 8);
        return moov;
      },
    ],
    ['a uuid box too short for its user type', () => Buffer.concat([box('moov'), box('uuid')])],
    ['no movie box', () => Buffer.concat([ftyp(), box('mdat', text('pictures'))])],
    ['a compressed movie box', () => box('moov', box('cmov', text('zlib')))],
    [
      'a movie header of unknown version',
      () => box('moov', box('mvhd', Buffer.from([2, 0, 0, 0]), Buffer.alloc(16))),
    ],
    ['a movie header too short for its times', () => box('moov', box('mvhd', Buffer.from([1])))],
    [
      'containers nested beyond any real file',
      () => {
        let nested = box('moov');
        for (let depth = 0; depth < 20; depth += 1) nested = box('trak', nested);
        return box('moov', nested);
      },
    ],
  ];

  for (const [name, input] of malformed) {
    it(`refuses ${name} as unreadable`, async () => {
      expect(await expectBadRequest(() => sanitizeIsoBmff(input()))).toBe(VIDEO_UNREADABLE_MESSAGE);
    });
  }
});
