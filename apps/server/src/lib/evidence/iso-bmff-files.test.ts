import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { expectBadRequest, readEvidenceFixture } from '../../../test/evidence-fixtures';
import { sanitizeEvidence } from './index';
import { type Box, readBoxes } from './iso-bmff';
import { VIDEO_UNREADABLE_MESSAGE } from './messages';

const LIMITS = { maxPixels: 40_000_000 };
const COPYRIGHT_SIGN = '\u00a9';
const METADATA_TYPES = ['udta', 'meta', 'uuid', 'loci', 'XMP_', 'prft'];

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

async function expectCleanMovie(name: string, mime: string, extension: string) {
  const input = readEvidenceFixture(name);
  const original = Buffer.from(input);
  const inputPaths = readBoxes(input).map((found) => found.path);
  expect(inputPaths.some((path) => METADATA_TYPES.includes(path.split('/').at(-1) ?? ''))).toBe(
    true,
  );
  expect(input.includes('Secret')).toBe(true);

  const result = await sanitizeEvidence(input, LIMITS);

  expect(result).toMatchObject({ mime, extension, kind: 'video' });
  expect(input.equals(original)).toBe(true);
  // Same length and the same tree, with metadata boxes turned into free space.
  expect(result.data.length).toBe(input.length);
  const boxes = readBoxes(result.data);
  for (const found of boxes) {
    expect(METADATA_TYPES).not.toContain(found.type);
    expect(found.type.startsWith(COPYRIGHT_SIGN)).toBe(false);
  }
  expect(boxes.map((found) => found.start)).toEqual(readBoxes(input).map((found) => found.start));
  expect(await fileTypeFromBuffer(result.data)).toEqual(await fileTypeFromBuffer(input));
  // The pictures are untouched.
  const mdats = boxes.filter((found) => found.type === 'mdat');
  expect(mdats.length).toBeGreaterThan(0);
  for (const mdat of mdats) {
    expect(result.data.subarray(mdat.start, mdat.end)).toEqual(
      input.subarray(mdat.start, mdat.end),
    );
  }
  return { input, result: result.data, boxes };
}

describe('sanitizeEvidence: MP4 and MOV', () => {
  it('removes location, title, artist, Apple keys and XMP from an MP4', async () => {
    const { result } = await expectCleanMovie('location.mp4', 'video/mp4', 'mp4');
    for (const leak of ['Secret', 'Jane Reporter', '+48.8584', 'iPhone', 'Apple', 'xmpmeta']) {
      expect(result.includes(leak)).toBe(false);
    }
    expect(result.includes(`${COPYRIGHT_SIGN}xyz`, 0, 'latin1')).toBe(false);
  });

  it('zeroes the creation and modification times of mvhd, tkhd and mdhd', async () => {
    const { input, result } = await expectCleanMovie('location.mp4', 'video/mp4', 'mp4');
    for (const path of ['moov/mvhd', 'moov/trak/tkhd', 'moov/trak/mdia/mdhd']) {
      expect(isZero(timesOf(input, boxAt(input, path)))).toBe(false);
      expect(isZero(timesOf(result, boxAt(result, path)))).toBe(true);
      // Time scale and duration follow the times and stay as they were.
      const after = boxAt(result, path);
      expect(result.subarray(after.bodyStart + 12, after.end)).toEqual(
        input.subarray(after.bodyStart + 12, after.end),
      );
    }
  });

  it('empties handler names, which recorders fill with device names', async () => {
    const { input, result } = await expectCleanMovie('location.mp4', 'video/mp4', 'mp4');
    expect(input.includes('Jane Reporter iPhone')).toBe(true);
    const handler = boxAt(result, 'moov/trak/mdia/hdlr');
    expect(result.toString('latin1', handler.bodyStart + 8, handler.bodyStart + 12)).toBe('vide');
    expect(isZero(result.subarray(handler.bodyStart + 24, handler.end))).toBe(true);
  });

  it('cleans a fragmented MP4 and keeps its fragments', async () => {
    const { result, boxes } = await expectCleanMovie('fragmented.mp4', 'video/mp4', 'mp4');
    expect(boxes.filter((found) => found.path === 'moof/traf/trun')).toHaveLength(2);
    expect(result.includes('Secret')).toBe(false);
  });

  it('removes user data, Apple keys and XMP_ from a QuickTime MOV', async () => {
    const { input, result } = await expectCleanMovie('location.mov', 'video/quicktime', 'mov');
    expect(input.includes('XMP_')).toBe(true);
    for (const leak of ['Secret', 'Jane Reporter', '+48.8584', 'iPhone', 'XMP_', 'xmpmeta']) {
      expect(result.includes(leak)).toBe(false);
    }
    expect(isZero(timesOf(result, boxAt(result, 'moov/mvhd')))).toBe(true);
  });

  it('refuses a truncated MP4 as unreadable', async () => {
    const input = readEvidenceFixture('location.mp4');
    for (const length of [input.length - 1, input.length - 500, 1000, 40]) {
      expect(await expectBadRequest(sanitizeEvidence(input.subarray(0, length), LIMITS))).toBe(
        VIDEO_UNREADABLE_MESSAGE,
      );
    }
  });
});
