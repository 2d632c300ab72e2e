import { SECRET } from './video-fixtures';

/**
 * Adds timed-metadata tracks to an MP4 whose `moov` comes last (as FFmpeg writes it without
 * faststart): GoPro `gpmd` GPS, Google `camm` GPS (packet type 5) and an Apple `mebx` track
 * with the ISO 6709 location key, each with one sample in a new `mdat` after `moov`. These are
 * the boxes those devices write; FFmpeg has no muxer for them, so tests build them here.
 */
export type MetadataTrack = 'gpmd' | 'camm' | 'mebx';

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE((version << 24) | flags);
  return box(type, head, ...parts);
}

function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => {
    out.writeUInt32BE(value >>> 0, i * 4);
  });
  return out;
}

function u16(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => {
    out.writeUInt16BE(value, i * 2);
  });
  return out;
}

const IDENTITY_MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
const SAMPLE_ENTRY_HEAD = Buffer.concat([Buffer.alloc(6), u16(1)]);

function sampleEntry(kind: MetadataTrack): Buffer {
  if (kind === 'mebx') {
    const key = Buffer.from('com.apple.quicktime.location.ISO6709', 'latin1');
    const keyd = box('keyd', Buffer.from('mdta', 'latin1'), key);
    const dtyp = box('dtyp', u32(0, 1)); // well-known type 1: UTF-8
    const localKey = Buffer.concat([u32(8 + keyd.length + dtyp.length, 1), keyd, dtyp]);
    return box('mebx', SAMPLE_ENTRY_HEAD, box('keys', localKey));
  }
  return box(kind, SAMPLE_ENTRY_HEAD);
}

function sampleData(kind: MetadataTrack): Buffer {
  const latitude = Number(SECRET.latitude);
  const longitude = Number(SECRET.longitude);
  switch (kind) {
    case 'gpmd': {
      // KLV: DEVC > STRM > STNM "GPS (Lat., Long., Alt.)" and GPS5 with scaled integers.
      const name = Buffer.from(`GPS ${SECRET.latitude} ${SECRET.longitude} ${SECRET.person}`);
      const padded = Buffer.concat([name, Buffer.alloc((4 - (name.length % 4)) % 4)]);
      const stnm = Buffer.concat([
        Buffer.from('STNMc', 'latin1'),
        Buffer.from([1]),
        u16(name.length),
        padded,
      ]);
      const gps5 = Buffer.concat([
        Buffer.from('GPS5l', 'latin1'),
        Buffer.from([20]),
        u16(1),
        u32(Math.round(latitude * 1e7), Math.round(longitude * 1e7), 35_000, 0, 0),
      ]);
      return Buffer.concat([stnm, gps5]);
    }
    case 'camm': {
      const packet = Buffer.alloc(4 + 24);
      packet.writeUInt16LE(0, 0);
      packet.writeUInt16LE(5, 2);
      packet.writeDoubleLE(latitude, 4);
      packet.writeDoubleLE(longitude, 12);
      packet.writeDoubleLE(35, 20);
      return packet;
    }
    case 'mebx':
      return Buffer.concat([u32(8 + SECRET.iso6709.length, 1), Buffer.from(SECRET.iso6709)]);
  }
}

function track(kind: MetadataTrack, trackId: number, sampleOffset: number): Buffer {
  const data = sampleData(kind);
  const tkhd = fullBox(
    'tkhd',
    0,
    3,
    u32(0, 0, trackId, 0, 1000, 0, 0),
    u16(0, 0, 0, 0),
    IDENTITY_MATRIX,
    u32(0, 0),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, 1000, 1000), u16(0x55c4, 0));
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from('meta', 'latin1'),
    Buffer.alloc(12),
    Buffer.from(`${SECRET.device} ${kind} ${SECRET.latitude}\0`),
  );
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), sampleEntry(kind)),
    fullBox('stts', 0, 0, u32(1, 1, 1000)),
    fullBox('stsc', 0, 0, u32(1, 1, 1, 1)),
    fullBox('stsz', 0, 0, u32(0, 1, data.length)),
    fullBox('stco', 0, 0, u32(1, sampleOffset)),
  );
  const minf = box('minf', fullBox('nmhd', 0, 0), dinf, stbl);
  return box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
}

function topLevelBoxes(file: Buffer): { type: string; start: number; size: number }[] {
  const boxes = [];
  for (let start = 0; start + 8 <= file.length; ) {
    const size = file.readUInt32BE(start);
    boxes.push({ type: file.toString('latin1', start + 4, start + 8), start, size });
    if (size < 8) break;
    start += size;
  }
  return boxes;
}

export function withMetadataTracks(mp4: Buffer, kinds: MetadataTrack[]): Buffer {
  const moov = topLevelBoxes(mp4).find((entry) => entry.type === 'moov');
  if (!moov || moov.start + moov.size !== mp4.length) throw new Error('moov must come last');
  const oldMoov = mp4.subarray(moov.start, moov.start + moov.size);
  const samples = kinds.map(sampleData);
  // Track sizes do not depend on the offsets they hold, so one pass measures them.
  const trackSizes = kinds.map((kind, i) => track(kind, 100 + i, 0).length);
  const moovSize = oldMoov.length + trackSizes.reduce((sum, size) => sum + size, 0);
  let offset = moov.start + moovSize + 8;
  const tracks = kinds.map((kind, i) => {
    const built = track(kind, 100 + i, offset);
    offset += (samples[i] as Buffer).length;
    return built;
  });
  const newMoov = Buffer.concat([oldMoov, ...tracks]);
  newMoov.writeUInt32BE(newMoov.length);
  return Buffer.concat([mp4.subarray(0, moov.start), newMoov, box('mdat', ...samples)]);
}
