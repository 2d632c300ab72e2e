import { deflateSync } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectBadRequest, readEvidenceFixture } from '../../../test/evidence-fixtures';
import { inspectMedia } from '../../../test/media-inspector';
import { BadRequestError } from '../errors';
import { EVIDENCE_TYPE_MESSAGE, type SanitizedEvidence, sanitizeEvidence } from './index';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from './messages';

const LIMITS = { maxPixels: 40_000_000 };
const ALL_METADATA = { gps: true, xmp: true, iptc: true, icc: true, ihdr: false };

async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]] as number[];
}

function pngChunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let pos = 8; pos < png.length; pos += 12 + png.readUInt32BE(pos)) {
    types.push(png.toString('latin1', pos + 4, pos + 8));
  }
  return types;
}

function webpChunkTypes(webp: Buffer): string[] {
  const types: string[] = [];
  for (
    let pos = 12;
    pos < webp.length;
    pos += 8 + webp.readUInt32LE(pos + 4) + (webp.readUInt32LE(pos + 4) % 2)
  ) {
    types.push(webp.toString('latin1', pos, pos + 4));
  }
  return types;
}

/** A PNG whose header claims 50000 x 50000 pixels, backed by a few bytes of data. */
function decompressionBomb(): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(50_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('sanitizeEvidence: images', () => {
  it('returns a JPEG without EXIF, GPS, XMP, IPTC, ICC, comment or thumbnail', async () => {
    const input = readEvidenceFixture('photo-gps.jpg');
    const before = await exifr.parse(input, ALL_METADATA);
    expect(before).toMatchObject({ Make: 'Canon', latitude: expect.closeTo(48.8584, 3) });
    expect(await exifr.thumbnail(input)).toBeDefined();

    const result = await sanitizeEvidence(input, LIMITS);

    expect(result).toMatchObject({ mime: 'image/jpeg', extension: 'jpg', kind: 'image' });
    expect(await exifr.parse(result.data, ALL_METADATA)).toBeUndefined();
    expect(await exifr.thumbnail(result.data)).toBeUndefined();
    const metadata = await sharp(result.data).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata).not.toHaveProperty('exif');
    expect(metadata).not.toHaveProperty('xmp');
    expect(metadata).not.toHaveProperty('iptc');
    expect(metadata).not.toHaveProperty('icc');
    for (const text of ['Canon', 'Jane Reporter', 'Shot by Jane', 'Exif', 'Photoshop', 'xmpmeta']) {
      expect(result.data.includes(text)).toBe(false);
    }
  });

  it('applies the EXIF orientation to the pixels before dropping it', async () => {
    // Stored 48x32, red left and blue right, tagged "rotate 90 CW": upright it is red on top.
    const result = await sanitizeEvidence(readEvidenceFixture('photo-gps.jpg'), LIMITS);

    const metadata = await sharp(result.data).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([32, 48, undefined]);
    const [topRed, , topBlue] = await pixelAt(result.data, 16, 4);
    const [bottomRed, , bottomBlue] = await pixelAt(result.data, 16, 43);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it('returns a PNG without text chunks, eXIf or XMP', async () => {
    const input = readEvidenceFixture('text-chunks.png');
    expect(pngChunkTypes(input)).toEqual(expect.arrayContaining(['tEXt', 'iTXt', 'eXIf']));

    const result = await sanitizeEvidence(input, LIMITS);

    expect(result).toMatchObject({ mime: 'image/png', extension: 'png', kind: 'image' });
    expect(pngChunkTypes(result.data).filter((type) => type !== 'pHYs')).toEqual([
      'IHDR',
      'IDAT',
      'IEND',
    ]);
    expect(await exifr.parse(result.data, ALL_METADATA)).toBeUndefined();
    expect(result.data.includes('Jane Reporter')).toBe(false);
  });

  it('returns a WebP without EXIF or XMP chunks', async () => {
    const input = readEvidenceFixture('exif.webp');
    expect(webpChunkTypes(input)).toEqual(expect.arrayContaining(['EXIF', 'XMP ']));

    const result = await sanitizeEvidence(input, LIMITS);

    expect(result).toMatchObject({ mime: 'image/webp', extension: 'webp', kind: 'image' });
    expect(webpChunkTypes(result.data)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(EXIF|XMP |ICCP)$/)]),
    );
    const metadata = await sharp(result.data).metadata();
    expect(metadata).not.toHaveProperty('exif');
    expect(metadata).not.toHaveProperty('xmp');
    expect(result.data.includes('Canon')).toBe(false);
  });

  it('keeps every frame of an animated GIF and drops its comment and XMP', async () => {
    const input = readEvidenceFixture('animated.gif');
    expect(input.includes('Jane Reporter')).toBe(true);

    const result = await sanitizeEvidence(input, LIMITS);

    expect(result).toMatchObject({ mime: 'image/gif', extension: 'gif', kind: 'image' });
    const metadata = await sharp(result.data, { animated: true }).metadata();
    expect([metadata.format, metadata.pages, metadata.width, metadata.pageHeight]).toEqual([
      'gif',
      3,
      16,
      16,
    ]);
    expect(result.data.includes('Jane Reporter')).toBe(false);
    expect(result.data.includes('XMP')).toBe(false);
  });

  it('refuses an image over the pixel limit', async () => {
    // 48 x 32 = 1536 pixels
    const input = readEvidenceFixture('photo-gps.jpg');
    expect(await expectBadRequest(sanitizeEvidence(input, { maxPixels: 1535 }))).toBe(
      IMAGE_TOO_LARGE_MESSAGE,
    );
    await expect(sanitizeEvidence(input, { maxPixels: 1536 })).resolves.toBeDefined();
  });

  it('counts every frame of an animation against the pixel limit', async () => {
    // three 16 x 16 frames = 768 pixels
    const input = readEvidenceFixture('animated.gif');
    expect(await expectBadRequest(sanitizeEvidence(input, { maxPixels: 767 }))).toBe(
      IMAGE_TOO_LARGE_MESSAGE,
    );
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(1000);
    expect(await expectBadRequest(sanitizeEvidence(bomb, LIMITS))).toBe(IMAGE_TOO_LARGE_MESSAGE);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const input = readEvidenceFixture('photo-gps.jpg');
    // Cut in the last scan, the header, and the metadata; a cut near the end decodes with only
    // a warning, which must not pass as a partly grey picture.
    for (const length of [input.length - 2, input.length - 40, input.length - 200, 3000, 600]) {
      expect(await expectBadRequest(sanitizeEvidence(input.subarray(0, length), LIMITS))).toBe(
        IMAGE_UNREADABLE_MESSAGE,
      );
    }
  });

  it('refuses a JPEG signature followed by garbage as unreadable', async () => {
    const input = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x5a)]);
    expect(await expectBadRequest(sanitizeEvidence(input, LIMITS))).toBe(IMAGE_UNREADABLE_MESSAGE);
  });

  it('refuses to run without a positive pixel limit', async () => {
    const input = readEvidenceFixture('photo-gps.jpg');
    await expect(sanitizeEvidence(input, { maxPixels: 0 })).rejects.toThrow(RangeError);
  });
});

describe('sanitizeEvidence: type detection', () => {
  const refusedTypes: [string, () => Buffer][] = [
    ['a text file named .jpg', () => readEvidenceFixture('not-an-image.jpg')],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'),
    ],
    ['a PDF', () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')],
    ['a ZIP archive', () => Buffer.from('504b0304140000000000', 'hex')],
    ['random bytes', () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))],
    ['an empty file', () => Buffer.alloc(0)],
  ];

  for (const [name, input] of refusedTypes) {
    it(`refuses ${name} with the accepted-types message`, async () => {
      expect(await expectBadRequest(sanitizeEvidence(input(), LIMITS))).toBe(EVIDENCE_TYPE_MESSAGE);
    });
  }

  it('names only the types it can read in its message', () => {
    expect(EVIDENCE_TYPE_MESSAGE).toBe(
      'Only image (JPEG, PNG, WebP, GIF, HEIC) or video (MP4, MOV, WebM) files are accepted.',
    );
  });
});

/** A small deterministic generator, so a failing corruption can be replayed. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('sanitizeEvidence: damaged files', () => {
  // Each video copy costs a worker and an FFmpeg instance, so videos get fewer copies.
  const fixtures: [string, number][] = [
    ['photo-gps.jpg', 24],
    ['text-chunks.png', 24],
    ['exif.webp', 24],
    ['animated.gif', 24],
    ['photo-gps.heic', 8],
    ['location.mp4', 8],
    ['fragmented.mp4', 8],
    ['location.mov', 8],
    ['tagged.webm', 8],
    ['live.webm', 8],
  ];

  /** The sanitised file, or 'refused' for a 400; any other error fails the test. */
  async function sanitizeOrRefuse(input: Buffer): Promise<SanitizedEvidence | 'refused'> {
    try {
      return await sanitizeEvidence(input, LIMITS);
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestError);
      return 'refused';
    }
  }

  /** A kept copy is a readable file of the type the intact one becomes, with nothing else in it. */
  async function expectCleanLike(result: SanitizedEvidence, intact: SanitizedEvidence) {
    expect(result).toMatchObject({
      mime: intact.mime,
      extension: intact.extension,
      kind: intact.kind,
    });
    if (result.kind === 'image') {
      const metadata = await sharp(result.data).metadata();
      expect(metadata.format).toBe(intact.mime.replace('image/', ''));
      for (const block of ['exif', 'xmp', 'iptc', 'icc'])
        expect(metadata).not.toHaveProperty(block);
      return;
    }
    // FFmpeg keeps what it can read of a damaged video, in the same container: picture and
    // sound only.
    const tracks = await inspectMedia(result.data);
    const containerOf = async (file: Buffer) =>
      (await inspectMedia(file)).find((track) => track['@type'] === 'General')?.Format;
    expect(tracks.find((track) => track['@type'] === 'General')?.Format).toBe(
      await containerOf(intact.data),
    );
    const types = tracks.map((track) => track['@type']);
    expect(types.filter((type) => !['General', 'Video', 'Audio'].includes(type))).toEqual([]);
  }

  for (const [name, count] of fixtures) {
    it(`answers 400 or a clean file of its type, never another error, for damaged copies of ${name}`, async () => {
      const input = readEvidenceFixture(name);
      const intact = await sanitizeEvidence(input, LIMITS);
      const random = seededRandom(input.length);
      const truncated: Buffer[] = [];
      for (let i = 1; i <= count; i += 1)
        truncated.push(input.subarray(0, Math.floor((input.length * i) / (count + 1))));
      const flipped: Buffer[] = [];
      for (let i = 0; i < count; i += 1) {
        const copy = Buffer.from(input);
        for (let flips = 0; flips < 6; flips += 1) {
          copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
        }
        flipped.push(copy);
      }
      const cut: (SanitizedEvidence | 'refused')[] = [];
      for (const copy of truncated) cut.push(await sanitizeOrRefuse(copy));
      for (const copy of flipped) {
        const result = await sanitizeOrRefuse(copy);
        if (result !== 'refused') await expectCleanLike(result, intact);
      }
      if (intact.kind === 'image') {
        // A cut-off picture is refused rather than stored half-decoded: every one of them.
        expect(cut).toEqual(truncated.map(() => 'refused'));
      } else {
        for (const result of cut) if (result !== 'refused') await expectCleanLike(result, intact);
      }
    });
  }
});
