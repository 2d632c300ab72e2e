import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { readEvidenceFixture } from '../../../test/evidence-fixtures';
import { createUser } from '../../../test/factories';
import { inspectMedia, type MediaTrack } from '../../../test/media-inspector';
import { withMetadataTracks } from '../../../test/metadata-tracks';
import { createReport, type UploadFile } from '../../../test/reports';
import {
  movWithLocation,
  mp4WithGpsSubtitlesAndChapters,
  plainMp4,
  SECRET_STRINGS,
  webmWithChaptersAndNames,
} from '../../../test/video-fixtures';

/**
 * The file inspector (docs/protection.md "Protecting reporters") opens stored evidence. Each file goes through
 * the real upload route, comes back through its signed link, decrypted, and is read by
 * MediaInfo and exifr, readers independent of the FFmpeg, libheif and libvips that cleaned it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

async function uploadAndFetch(file: UploadFile) {
  const report = await createReport(t, await createUser(t), { is_anonymous: 'true' }, file);
  const url = new URL(report.file_upload as string, 'http://localhost');
  const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(response.statusCode).toBe(200);
  return { report, stored: response.rawPayload, mime: response.headers['content-type'] };
}

/** Every secret a reader can find: in MediaInfo's fields, or anywhere in the bytes. */
function secretsIn(tracks: MediaTrack[], bytes: Buffer): string[] {
  const fields = JSON.stringify(tracks);
  return SECRET_STRINGS.filter((secret) => fields.includes(secret) || bytes.includes(secret));
}

const trackTypes = (tracks: MediaTrack[]) => tracks.map((track) => track['@type']);

describe('the file inspector finds nothing in stored videos', () => {
  const videos: [string, string, () => Promise<Buffer>, string[]][] = [
    [
      'an MP4 with GPS in gpmd, camm and mebx timed-metadata tracks',
      'video/mp4',
      async () => withMetadataTracks(await plainMp4(), ['gpmd', 'camm', 'mebx']),
      ['Other', 'Other', 'Other'],
    ],
    [
      'an MP4 with a DJI-style subtitle track of GPS text, chapters, ©xyz and named tracks',
      'video/mp4',
      mp4WithGpsSubtitlesAndChapters,
      ['Text', 'Menu'],
    ],
    [
      'a QuickTime movie with ©xyz location, author, title and named tracks',
      'video/quicktime',
      movWithLocation,
      [],
    ],
    [
      'a WebM with chapters, tags, named tracks and Vorbis comments',
      'video/webm',
      webmWithChaptersAndNames,
      ['Menu'],
    ],
  ];

  for (const [name, mime, make, extraTracks] of videos) {
    it(`keeps one picture and one sound track of ${name}`, async () => {
      const original = await make();
      const before = await inspectMedia(original);
      // The fixture really carries what the test says: the reader finds it before upload.
      expect(trackTypes(before)).toEqual(expect.arrayContaining(extraTracks));
      expect(secretsIn(before, original)).toEqual(
        expect.arrayContaining(['51.50', 'Jane', 'Lavf5']),
      );

      const { stored, mime: servedMime } = await uploadAndFetch({
        name: 'Jane at the office.mp4',
        type: mime,
        data: original,
      });

      expect(servedMime).toBe(mime);
      const after = await inspectMedia(stored);
      expect(trackTypes(after)).toEqual(['General', 'Video', 'Audio']);
      expect(secretsIn(after, stored)).toEqual([]);
      const [general, video] = after;
      expect(general).not.toHaveProperty('Recorded_Date');
      expect(general).not.toHaveProperty('Encoded_Date');
      expect(general).not.toHaveProperty('Recorded_Location');
      expect(video).not.toHaveProperty('Title');
      expect(Number(video?.Width)).toBe(64);
      expect(Number(general?.Duration)).toBeCloseTo(1, 0);
    });
  }

  it('keeps the committed iPhone-style MOV playable and drops its Apple keys and ©xyz', async () => {
    const original = readEvidenceFixture('location.mov');
    expect(original.includes('iPhone 15')).toBe(true);
    const { stored } = await uploadAndFetch({
      name: 'IMG_0001.MOV',
      type: 'video/quicktime',
      data: original,
    });
    const after = await inspectMedia(stored);
    expect(trackTypes(after)).toEqual(['General', 'Video']);
    for (const text of ['iPhone', 'Apple', 'Jane', '48.85', '+002.2945', '\u00a9xyz']) {
      expect(stored.includes(text)).toBe(false);
    }
  });
});

describe('the file inspector finds nothing in stored photos', () => {
  it('stores a JPEG with GPS, camera and dates as a JPEG without any of them', async () => {
    const original = readEvidenceFixture('photo-gps.jpg');
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(48.8584, 3) });

    const { stored, mime } = await uploadAndFetch({
      name: 'IMG_2041.jpg',
      type: 'image/jpeg',
      data: original,
    });

    expect(mime).toBe('image/jpeg');
    expect(await exifr.parse(stored, { gps: true, xmp: true, iptc: true, icc: true })).toBe(
      undefined,
    );
    expect(await exifr.gps(stored)).toBeUndefined();
  });

  it('stores an iPhone HEIC with GPS as a JPEG of the same picture and nothing else', async () => {
    const original = readEvidenceFixture('photo-gps.heic');
    const carried = await exifr.parse(original, { gps: true });
    expect(carried).toMatchObject({
      Make: 'Apple',
      Model: 'iPhone 14',
      latitude: expect.closeTo(51.5007, 3),
      longitude: expect.closeTo(-0.1246, 3),
    });

    const { report, stored, mime } = await uploadAndFetch({
      name: 'IMG_0042.HEIC',
      type: 'image/heic',
      data: original,
    });

    expect(report.file_kind).toBe('image');
    expect(mime).toBe('image/jpeg');
    expect(await exifr.parse(stored, { gps: true, xmp: true, iptc: true, icc: true })).toBe(
      undefined,
    );
    for (const text of ['Apple', 'iPhone', 'Jane', 'Exif'])
      expect(stored.includes(text)).toBe(false);
    // The picture itself survives: 64 x 48, red on the left and blue on the right.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 48]);
    const left = (24 * info.width + 8) * info.channels;
    const right = (24 * info.width + 56) * info.channels;
    expect(data[left]).toBeGreaterThan(180);
    expect(data[left + 2]).toBeLessThan(80);
    expect(data[right + 2]).toBeGreaterThan(180);
    expect(data[right]).toBeLessThan(80);
  });
});
