import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { readVersions } from '../db/schema';
import type { Clock } from './clock';

/**
 * How long a kept answer may be used at most, even when nothing it was made from has changed:
 * what depends on the time alone (a legal deadline passing, "overdue") is at most this late.
 */
export const READ_CACHE_TTL_MS = 1_000;
const READ_CACHE_MAX = 5_000;

/**
 * Everything about a caller that decides what a read may show them: the account, its role and
 * standing (the role held back without a second factor), its organisation, its plan and the
 * version of its logins. A kept answer is given only to a caller with all of these the same: an
 * administrator revoked, moved or signed out on any process is not given what was made for them
 * before, whatever the versions below say.
 */
export type ReadCaller = {
  id: number;
  role: string;
  isSuperuser: boolean;
  organizationId: number | null;
  plan: string;
  tokenEpoch?: number;
  withheld?: { role: string; isSuperuser: boolean } | null;
};

function accessOf(caller: ReadCaller): string {
  const withheld = caller.withheld ? `${caller.withheld.role}.${caller.withheld.isSuperuser}` : '-';
  return [
    caller.id,
    caller.role,
    caller.isSuperuser ? 1 : 0,
    caller.organizationId ?? '-',
    caller.plan,
    caller.tokenEpoch ?? '-',
    withheld,
  ].join('.');
}

/**
 * What a kept answer is kept under: the read, the caller it was made for (required, so no read
 * can forget it and hand one caller's answer to another), the read's parameters, and the keys of
 * the versions it depends on (migration 0028): `r:<report id>`, `s:<organisation id or 0>` (a
 * scope's reports and accounts), `u:<account id>`, `n:<reporter notice tag>`, `i:<owner index
 * key>`. `platform`: also every organisation with fewer than two administrators (the platform's
 * administrators answer for the reports of one without, and for those its only one filed:
 * admin.service.ts `platformReportIds`).
 */
export type ReadKey = {
  read: string;
  caller: ReadCaller;
  params?: unknown;
  versions: readonly string[];
  platform?: boolean;
};

const keyText = ({ read, caller, params }: ReadKey) =>
  `${read}:${accessOf(caller)}:${params === undefined ? '' : JSON.stringify(params)}`;

/** The version of a scope's list, and of one report: what the kept reads depend on. */
export const versionKeys = {
  report: (id: number) => `r:${id}`,
  scope: (organizationId: number | null) => `s:${organizationId ?? 0}`,
  account: (id: number) => `u:${id}`,
  reporterNotices: (tag: string) => `n:${tag}`,
  ownerIndex: (key: string) => `i:${key}`,
};

/**
 * The answers of the busiest reads (a report, its thread, notices, the admin list and analytics),
 * kept in this process's memory only (never written or logged), each under a key naming the read,
 * everything that decided its caller's access, and its parameters: one caller is never given
 * what another was, nor what they were given before their access changed.
 *
 * A kept answer is used only while the versions it depends on (`read_versions`, migration 0028)
 * sum to what they summed to when it was made: every transaction that changes a row of a report,
 * a scope, an account or a reporter's notices moves that key as it commits, whichever process or
 * command made it. So a read answered from here costs one primary-key select and is never older
 * than the last commit that touched what it shows, on one process or many; and writers in
 * different scopes move different rows, so none waits on another. The sum is read before the
 * answer is made: a change committed while it is being made moves it past the one it is kept at,
 * and the next read makes it again.
 *
 * A read that also writes (an admin opening a thread records what they have read) keeps its write
 * out of `read`, or makes it only when it changes something: a kept answer skips `read`.
 */
export type ReadCache = {
  /**
   * The answer kept under `key` if nothing changed since it was made; else `read()`'s, kept.
   * `version`: the sum of the versions `keysOf(key)` names, read by the caller in a statement of
   * its own making before `read` (one round trip fewer); not for a `platform` key.
   */
  through<T>(db: Executor, key: ReadKey, read: () => Promise<T>, version?: string): Promise<T>;
  /** Every key a kept answer under `key` depends on: its versions and `all`. */
  keysOf(key: Pick<ReadKey, 'versions'>): string[];
  /** Drops every kept answer (a report deleted: its words leave memory at once). */
  clear(): void;
  /** How many answers are kept (tests). */
  readonly size: number;
};

const ALL = 'all';

const versionSum = preparedQuery((db) =>
  db
    .select({ value: sql<string>`coalesce(sum(${readVersions.value}), 0)::text` })
    .from(readVersions)
    .where(sql`${readVersions.key} = any(${sql.placeholder('keys')}::text[])`)
    .prepare('read_version_sum'),
);

// With how many keys were summed: an organisation leaving the set (a second administrator
// joins) takes its key's value off the sum, which other keys moving up could make up for.
const platformVersionSum = preparedQuery((db) =>
  db
    .select({
      value: sql<string>`coalesce(sum(${readVersions.value}), 0)::text || '/' || count(*)`,
    })
    .from(readVersions)
    .where(
      sql`${readVersions.key} = any(${sql.placeholder('keys')}::text[]) or ${readVersions.key} in (
        select 's:' || o.id from organizations o where (
          select count(*) from users u
          where u.organization_id = o.id and u.role = 'admin' and u.is_active) < 2)`,
    )
    .prepare('read_version_sum_platform'),
);

const keysOf = (key: Pick<ReadKey, 'versions'>) => [...key.versions, ALL];

async function currentVersion(db: Executor, key: ReadKey): Promise<string> {
  const keys = keysOf(key);
  const query = key.platform ? platformVersionSum(db) : versionSum(db);
  const [row] = await query.execute({ keys });
  return row?.value ?? '0';
}

export function createReadCache(options: {
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
}): ReadCache {
  const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
  // An answer past its time leaves memory within about one TTL, read again or not: what a
  // report said is not kept longer than it is used.
  const entries = new LRUCache<string, { value: unknown; version: string; madeAt: number }>({
    max: options.maxEntries ?? READ_CACHE_MAX,
    ttl: Math.max(ttlMs, 1),
    ttlAutopurge: true,
    perf: { now: () => options.clock.now().getTime() },
  });

  return {
    async through<T>(
      db: Executor,
      readKey: ReadKey,
      read: () => Promise<T>,
      known?: string,
    ): Promise<T> {
      if (ttlMs <= 0) return read();
      const key = keyText(readKey);
      const version =
        known !== undefined && !readKey.platform ? known : await currentVersion(db, readKey);
      const now = options.clock.now().getTime();
      const entry = entries.get(key);
      if (entry) {
        // A clock set back is no help: an answer from the future is not used.
        if (entry.version === version && now >= entry.madeAt) return entry.value as T;
        entries.delete(key);
      }
      // Frozen: every caller holding it shares it, and none may change what the next is given.
      const value = deepFreeze(await read());
      if (typeof value === 'object' && value !== null) keptAnswers.add(value);
      entries.set(key, { value, version, madeAt: now });
      return value;
    },
    keysOf,
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The answers this cache hands out, by identity only: deep-frozen, so what one of them serialises
 * to never changes, and a response serializer may write it from the text it made the first time
 * (plugins/response-serializer.ts). Holds no answer alive.
 */
const keptAnswers = new WeakSet<object>();

/** Whether `value` is an answer a read cache keeps (frozen: it cannot change). */
export function isKeptAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && keptAnswers.has(value);
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
