import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequest, readEvidenceFixture } from '../../../test/evidence-fixtures';
import { plainMp4 } from '../../../test/video-fixtures';
import {
  encodeRecording,
  ffmpegOutput,
  probeFile,
  type RecordingFormat,
  speak,
  synthesized,
} from '../../../test/voice-fixtures';
import {
  VOICE_SILENT_MESSAGE,
  VOICE_TYPE_MESSAGE,
  VOICE_UNREADABLE_MESSAGE,
  voiceTooLongMessage,
} from './messages';
import { disguiseVoice, drawShiftRatio } from './voice';
import { VOICE_SHIFT } from './voice-plan';

let spoken: Buffer;
beforeAll(async () => {
  spoken = await speak('The report is about the finance department.');
});

const limits = { maxSeconds: 600 };

describe('disguiseVoice: what it accepts', () => {
  it.each<RecordingFormat>(['webm', 'ogg', 'mp4', 'wav'])(
    'takes a %s recording and answers one mono Opus track in WebM, as long as the input',
    async (format) => {
      const input = await encodeRecording(spoken, format);
      const inputSeconds = Number((await probeFile(input)).format.duration);
      const result = await disguiseVoice(input, limits);
      expect(result.mime).toBe('audio/webm');
      const probed = await probeFile(result.data);
      expect(probed.format.format_name).toContain('webm');
      expect(probed.streams).toHaveLength(1);
      expect(probed.streams[0]).toMatchObject({
        codec_type: 'audio',
        codec_name: 'opus',
        channels: 1,
      });
      expect(result.durationMs / 1000).toBeCloseTo(inputSeconds, 0);
      // The caller's copy of the original is wiped once the worker is done with it.
      expect(input.every((byte) => byte === 0)).toBe(true);
    },
  );
});

describe('disguiseVoice: what it refuses, with the message the reporter reads', () => {
  it.each<RecordingFormat>(['mp3', 'flac'])(
    'a %s file (not a recording format)',
    async (format) => {
      const detail = await expectBadRequest(
        disguiseVoice(await encodeRecording(spoken, format), limits),
      );
      expect(detail).toBe(VOICE_TYPE_MESSAGE);
    },
  );

  it('a picture or a text that only claims to be audio', async () => {
    expect(
      await expectBadRequest(disguiseVoice(readEvidenceFixture('photo-gps.jpg'), limits)),
    ).toBe(VOICE_TYPE_MESSAGE);
    // Bytes that begin as a WAV header does and then are not one.
    expect(
      await expectBadRequest(
        disguiseVoice(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt nothing'), limits),
      ),
    ).toBe(VOICE_UNREADABLE_MESSAGE);
    expect(await expectBadRequest(disguiseVoice(Buffer.from('hello, this is text'), limits))).toBe(
      VOICE_TYPE_MESSAGE,
    );
  });

  it('a video, even with a sound track', async () => {
    expect(await expectBadRequest(disguiseVoice(await plainMp4(1), limits))).toBe(
      VOICE_TYPE_MESSAGE,
    );
  });

  it('Vorbis in Ogg: the container and the codec must go together', async () => {
    const vorbis = await ffmpegOutput(spoken, ['-c:a', 'libvorbis', '-f', 'ogg'], 'ogg');
    expect(await expectBadRequest(disguiseVoice(vorbis, limits))).toBe(VOICE_TYPE_MESSAGE);
  });

  it('a file cut short after its header', async () => {
    const whole = await encodeRecording(spoken, 'webm');
    const cut = whole.subarray(0, 200);
    expect([VOICE_UNREADABLE_MESSAGE, VOICE_TYPE_MESSAGE]).toContain(
      await expectBadRequest(disguiseVoice(Buffer.from(cut), limits)),
    );
  });

  it('silence', async () => {
    const detail = await expectBadRequest(
      disguiseVoice(await synthesized('silence', 5, 'webm'), limits),
    );
    expect(detail).toBe(VOICE_SILENT_MESSAGE);
  });

  it('a recording over the limit, found without decoding the rest of it', async () => {
    const long = await synthesized('tone', 8, 'ogg');
    const detail = await expectBadRequest(disguiseVoice(long, { maxSeconds: 5 }));
    expect(detail).toBe(voiceTooLongMessage(5));
    // Within the limit, the same file is taken.
    await expect(
      disguiseVoice(await synthesized('tone', 8, 'ogg'), { maxSeconds: 10 }),
    ).resolves.toBeDefined();
  });
});

describe('drawShiftRatio', () => {
  it('draws up and down, always at least the minimum and at most the maximum, rarely twice the same', () => {
    const semitones = Array.from({ length: 2000 }, () => 12 * Math.log2(drawShiftRatio()));
    for (const value of semitones) {
      expect(Math.abs(value)).toBeGreaterThanOrEqual(VOICE_SHIFT.minSemitones - 1e-9);
      expect(Math.abs(value)).toBeLessThanOrEqual(VOICE_SHIFT.maxSemitones + 1e-9);
    }
    expect(semitones.some((value) => value > 0)).toBe(true);
    expect(semitones.some((value) => value < 0)).toBe(true);
    // 602 possible shifts: 2,000 draws cover most of them.
    expect(new Set(semitones.map((value) => value.toFixed(2))).size).toBeGreaterThan(400);
  });
});
