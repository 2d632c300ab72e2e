import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { expectBadRequest, readEvidenceFixture } from '../../../test/evidence-fixtures';
import { sanitizeEvidence } from './index';
import { VIDEO_UNREADABLE_MESSAGE } from './messages';
import { EBML_ID, type EbmlElement, readEbmlElements } from './webm';

const LIMITS = { maxPixels: 40_000_000 };
/** Elements that carry metadata and must not survive. */
const REMOVED = [
  EBML_ID.tags,
  EBML_ID.attachments,
  EBML_ID.title,
  EBML_ID.dateUtc,
  EBML_ID.muxingApp,
  EBML_ID.writingApp,
];

const ids = (elements: EbmlElement[]) => elements.map((found) => found.id);

async function expectCleanWebm(name: string) {
  const input = readEvidenceFixture(name);
  const original = Buffer.from(input);
  expect(ids(readEbmlElements(input))).toEqual(expect.arrayContaining([EBML_ID.title]));

  const result = await sanitizeEvidence(input, LIMITS);

  expect(result).toMatchObject({ mime: 'video/webm', extension: 'webm', kind: 'video' });
  expect(input).toEqual(original);
  expect(result.data.length).toBe(input.length);
  const elements = readEbmlElements(result.data);
  for (const id of REMOVED) expect(ids(elements)).not.toContain(id);
  expect(ids(elements)).toEqual(expect.arrayContaining([EBML_ID.info, EBML_ID.cluster]));
  // Every element keeps its place (removed Seek entries no longer list their children).
  const starts = (list: EbmlElement[]) =>
    list.filter((found) => found.parent?.id !== EBML_ID.seek).map((found) => found.start);
  expect(starts(elements)).toEqual(starts(readEbmlElements(input)));
  expect(await fileTypeFromBuffer(result.data)).toEqual({ ext: 'webm', mime: 'video/webm' });
  // The pictures are untouched.
  for (const found of elements.filter((candidate) => candidate.id === EBML_ID.cluster)) {
    expect(result.data.subarray(found.start, found.end)).toEqual(
      input.subarray(found.start, found.end),
    );
  }
  for (const leak of ['Secret', 'Jane Reporter', 'Lavf', 'Eiffel', '+48.8584']) {
    expect(result.data.includes(leak)).toBe(false);
  }
  return result.data;
}

describe('sanitizeEvidence: WebM', () => {
  it('removes the title, date, writing apps and tags and keeps a valid file', async () => {
    const input = readEvidenceFixture('tagged.webm');
    expect(ids(readEbmlElements(input))).toContain(EBML_ID.tags);
    expect(input.includes('Eiffel')).toBe(true);

    await expectCleanWebm('tagged.webm');
  });

  it('cleans a live recording whose Segment has an unknown size', async () => {
    const input = readEvidenceFixture('live.webm');
    const segment = readEbmlElements(input).find((found) => found.id === EBML_ID.segment);
    expect(input.subarray((segment?.start ?? 0) + 4, segment?.dataStart).toString('hex')).toBe(
      '01ffffffffffffff',
    );

    await expectCleanWebm('live.webm');
  });

  it('refuses a truncated WebM as unreadable', async () => {
    const input = readEvidenceFixture('tagged.webm');
    for (const length of [input.length - 1, input.length - 300, 200, 40]) {
      expect(await expectBadRequest(sanitizeEvidence(input.subarray(0, length), LIMITS))).toBe(
        VIDEO_UNREADABLE_MESSAGE,
      );
    }
  });
});
