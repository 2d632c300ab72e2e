import { Redis } from 'ioredis';

/**
 * The connection for shared counters (REDIS_URL). Commands fail at once while it is down, rather
 * than queueing, so a missing Redis costs a warning, not a stalled request.
 */
export function createRedisClient(url: string, warn: (error: unknown) => void): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', warn);
  return redis;
}
