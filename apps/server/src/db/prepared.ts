import type { Database, Executor } from './client';

/**
 * What drizzle keeps of a handle (its `session`, internal to drizzle): the connection its
 * statements run on, and the options its database was opened with, which every transaction of
 * that database shares (drizzle-orm/node-postgres and drizzle-orm/pglite `session.js`).
 */
type SessionOf = { session?: { client?: unknown; options?: object } };

/**
 * A query built once for each database, instead of on every call: drizzle then skips rebuilding
 * its SQL, and on PostgreSQL a named statement is parsed once per connection. `build` receives
 * the handle and returns the query, prepared with `.prepare(name)` and `sql.placeholder` for its
 * parameters.
 *
 * A transaction's handle runs the query built for its database, bound to the transaction's
 * connection (a prepared query holds only its text, its parameters' places, how to map its rows
 * and that connection): a write in a transaction builds nothing. A handle drizzle does not shape
 * so is given a query built for it alone.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Executor) => Query {
  const perDatabase = new WeakMap<object, Query>();
  const perHandle = new WeakMap<Executor, Query>();
  return (db) => {
    let query = perHandle.get(db);
    if (query) return query;
    const session = (db as SessionOf).session;
    const root = session?.options && perDatabase.get(session.options);
    if (root && session && 'client' in (root as object)) {
      const bound = (root as unknown as { client: unknown }).client === session.client;
      query = bound ? root : (Object.create(root, { client: { value: session.client } }) as Query);
    } else {
      query = build(db as Database);
      if (session?.options && !root) perDatabase.set(session.options, query);
    }
    perHandle.set(db, query);
    return query;
  };
}
