import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { plainMp4 } from '../../../test/video-fixtures';
import { MEDIA_LIMITS, setMediaWorkers } from './media-jobs';
import { sanitizeVideo } from './video';

const configured = MEDIA_LIMITS.concurrency;
afterAll(() => setMediaWorkers(configured));

describe('the media worker pool', () => {
  it('is one fewer than the cores unless MEDIA_WORKERS says otherwise, as the app is built', async () => {
    const byDefault = await buildTestApp();
    await byDefault.app.close();
    expect(MEDIA_LIMITS.concurrency).toBe(Math.max(1, availableParallelism() - 1));
    const three = await buildTestApp({ env: { MEDIA_WORKERS: '3' } });
    await three.app.close();
    expect(MEDIA_LIMITS.concurrency).toBe(3);
  });

  it('with one worker, processes files one after another in the order they came', async () => {
    const long = await plainMp4(8);
    const short = await plainMp4(1);
    setMediaWorkers(1);
    const finished: string[] = [];
    await Promise.all([
      sanitizeVideo(long, 'mp4').then(() => finished.push('long, sent first')),
      sanitizeVideo(short, 'mp4').then(() => finished.push('short, sent second')),
    ]);
    expect(finished).toEqual(['long, sent first', 'short, sent second']);
  });

  it('refuses a pool of no workers', () => {
    expect(() => setMediaWorkers(0)).toThrow(RangeError);
    expect(() => setMediaWorkers(1.5)).toThrow(RangeError);
  });
});
