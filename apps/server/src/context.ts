import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import {
  type Counters,
  createMemoryCounters,
  createRedisCounters,
  withFallback,
} from './lib/counters';
import { createHasher, createSealer, type Hasher, type Sealer } from './lib/crypto';
import { errorSummary } from './lib/logger';
import { createMailer, type Mailer } from './lib/mail';
import { createMetrics, type Metrics } from './lib/metrics';
import { createReadCache, type ReadCache } from './lib/read-cache';
import { createRedisClient } from './lib/redis';
import type { Secrets } from './lib/secrets';
import type { FileStorage } from './lib/storage';
import { type AccessTokenSigner, createAccessTokenSigner } from './lib/tokens';
import { createSearchTexts, type SearchTexts } from './modules/admin/search-texts';
import { countOutbox } from './modules/outbox/outbox-metrics';
import { createWriteMemory, type WriteMemory } from './modules/reports/write-memory';
import { type CallerCache, createCallerCache } from './modules/users/caller-cache';

/** What services need, built once per app and passed explicitly (no module-level state). */
export type AppContext = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  sealer: Sealer;
  hash: Hasher;
  accessTokens: AccessTokenSigner;
  /** Recent callers' accounts, in memory for a few seconds (modules/users/caller-cache.ts). */
  callers: CallerCache;
  /** Answers of the busiest reads, used while nothing they show has changed (lib/read-cache.ts). */
  reads: ReadCache;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Opened descriptions for admin search, in memory only (modules/admin/search-texts.ts). */
  searchTexts: SearchTexts;
  /** What the writes in one statement read ahead (modules/reports/write-memory.ts). */
  writes: WriteMemory;
  /** Shared with every server process through Redis when REDIS_URL is set. */
  redis?: Redis;
  counters: Counters;
  /** The time source of scheduled jobs (tests inject their own). */
  clock: Clock;
  /** This process's Prometheus metrics (lib/metrics.ts). */
  metrics: Metrics;
  /** The mail driver; absent when no SMTP server is configured (mail is off). */
  mailer?: Mailer;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function createContext(deps: {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  storage: FileStorage;
  log: FastifyBaseLogger;
  clock?: Clock;
}): AppContext {
  const redis = deps.config.redisUrl
    ? createRedisClient(deps.config.redisUrl, (error) =>
        deps.log.warn({ error: errorSummary(error) }, 'redis unavailable'),
      )
    : undefined;
  const metrics = createMetrics({ processMetrics: deps.config.env !== 'test' });
  if (deps.config.mail) metrics.watchOutbox(() => countOutbox(deps.database.db));
  return {
    config: deps.config,
    db: deps.database.db,
    database: deps.database,
    sealer: createSealer(deps.secrets.keyring, { keepsOpened: true }),
    hash: createHasher(deps.secrets.ownerHash),
    accessTokens: createAccessTokenSigner(deps.secrets.jwt, deps.config.tokens.accessTtlSeconds),
    callers: createCallerCache(),
    reads: createReadCache({
      clock: deps.clock ?? systemClock,
      ttlMs: deps.config.readCacheMs,
    }),
    storage: deps.storage,
    log: deps.log,
    searchTexts: createSearchTexts(),
    writes: createWriteMemory(),
    redis,
    counters: redis
      ? withFallback(createRedisCounters(redis), createMemoryCounters(), (error) =>
          deps.log.warn(
            { error: errorSummary(error) },
            'shared counters unavailable: counting in this process',
          ),
        )
      : createMemoryCounters(),
    clock: deps.clock ?? systemClock,
    metrics,
    mailer: deps.config.mail ? createMailer(deps.config.mail) : undefined,
  };
}

/**
 * What this process keeps in memory about a report leaves it at once (a report deleted or
 * purged): its opened description kept for search, the opened messages and notices, the kept
 * answers of the busiest reads and its view kept for its reporter's messages (its title and
 * reference). One place, so a new in-memory copy cannot be missed in either.
 */
export function forgetReportInMemory(
  ctx: Pick<AppContext, 'searchTexts' | 'sealer' | 'reads' | 'writes'>,
  reportId: number,
): void {
  ctx.searchTexts.forget(reportId);
  ctx.writes.forget(reportId);
  // Its messages and notices were kept opened by their sealed bytes, which are gone now.
  ctx.sealer.forgetOpened();
  ctx.reads.clear();
}
