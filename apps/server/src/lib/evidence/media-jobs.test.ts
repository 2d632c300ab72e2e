import { availableParallelism } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { plainMp4 } from '../../../test/video-fixtures';
import { loadConfig } from '../../config';
import { setUpProcess } from '../../process-setup';
import { MEDIA_LIMITS, setMediaWorkers } from './media-jobs';
import { sanitizeVideo } from './video';

// Each test sets the pool it needs and puts back what it found, whatever ran before it in this
// process.
let found: number;
beforeEach(() => {
  found = MEDIA_LIMITS.concurrency;
});
afterEach(() => setMediaWorkers(found));

describe('the media worker pool', () => {
  it('is set by the process entry: one fewer than the cores unless MEDIA_WORKERS says otherwise', () => {
    setUpProcess(loadConfig({ NODE_ENV: 'test' }));
    expect(MEDIA_LIMITS.concurrency).toBe(Math.max(1, availableParallelism() - 1));
    setUpProcess(loadConfig({ NODE_ENV: 'test', MEDIA_WORKERS: '3' }));
    expect(MEDIA_LIMITS.concurrency).toBe(3);
  });

  it('is left alone by building an app, whatever its MEDIA_WORKERS', async () => {
    setMediaWorkers(2);
    const built = await buildTestApp({ env: { MEDIA_WORKERS: '5' } });
    await built.app.close();
    expect(MEDIA_LIMITS.concurrency).toBe(2);
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
