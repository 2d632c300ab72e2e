import { racerSuite } from '../../test/racer';

// Included only with TEST_REDIS_URL (vitest.config.ts): the counters every process shares.
racerSuite('Redis', { REDIS_URL: process.env.TEST_REDIS_URL as string });
