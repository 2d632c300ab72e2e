import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from '../db/client';
import type { Keyring } from './crypto';

/**
 * Which encryption keys the running servers hold, told through PostgreSQL advisory locks: each
 * server process keeps, on a connection of its own, a shared lock per key it knows and one for
 * the key it seals new values with. `npm run rotate-keys` reads them (pg_locks) to re-wrap only
 * once every server can open the new key, and to retire an old key only once no server seals
 * with it. Session locks vanish with their connection, so a crashed server holds nothing.
 * PGlite needs none of this: its one process cannot run beside the command.
 */
export const KNOWS_LOCK = 0x4b4e4f57; // 'KNOW'
export const SEALS_LOCK = 0x5345414c; // 'SEAL'

/** The 32-bit lock id of a key id, as pg_locks shows it (an unsigned objid). */
export function keyLockId(keyId: string): number {
  return createHash('sha256').update(keyId, 'utf8').digest().readUInt32BE(0);
}

const signed = (value: number) => value | 0;
const MAX_RETRY_MS = 30_000;
export const PRESENCE_APPLICATION_NAME = 'candor-key-presence';

export type KeyPresence = { close(): Promise<void> };

/** Holds this process's key locks for as long as it runs, reconnecting when the link drops. */
export async function holdKeyPresence(
  url: string,
  keyring: Keyring,
  onError: (error: unknown) => void,
): Promise<KeyPresence> {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: PRESENCE_APPLICATION_NAME,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    await next.connect();
    for (const keyId of keyring.keys.keys()) {
      await next.query('select pg_advisory_lock_shared($1::int, $2::int)', [
        signed(KNOWS_LOCK),
        signed(keyLockId(keyId)),
      ]);
    }
    await next.query('select pg_advisory_lock_shared($1::int, $2::int)', [
      signed(SEALS_LOCK),
      signed(keyLockId(keyring.currentId)),
    ]);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };

  const retry = (attempt: number) => {
    if (closed || timer) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        connect().catch((error: unknown) => {
          onError(error);
          retry(attempt + 1);
        });
      },
      Math.min(MAX_RETRY_MS, 250 * 2 ** attempt),
    );
    timer.unref();
  };

  function lost(which: pg.Client, error?: unknown) {
    if (error) onError(error);
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    retry(0);
  }

  await connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const live = client;
      client = undefined;
      await live?.end().catch(() => {});
    },
  };
}

export type ServerKeys = { pid: number; knows: Set<number>; seals: Set<number> };

/** The key locks of every other session on this database, by backend process. */
export async function readServerKeys(db: Executor): Promise<ServerKeys[]> {
  const result = (await db.execute(
    sql`select pid, classid::text as classid, objid::text as objid from pg_locks
        where locktype = 'advisory' and objsubid = 2 and granted and pid <> pg_backend_pid()
          and database = (select oid from pg_database where datname = current_database())
          and classid in (${KNOWS_LOCK}::oid, ${SEALS_LOCK}::oid)`,
  )) as unknown as { rows: { pid: number; classid: string; objid: string }[] };
  const servers = new Map<number, ServerKeys>();
  for (const row of result.rows) {
    const server = servers.get(row.pid) ?? { pid: row.pid, knows: new Set(), seals: new Set() };
    servers.set(row.pid, server);
    (Number(row.classid) === KNOWS_LOCK ? server.knows : server.seals).add(Number(row.objid));
  }
  return [...servers.values()];
}
