import type { Database, Executor } from './client';

/**
 * A query built once for each database or transaction handle it runs on, instead of on every
 * call: drizzle then skips rebuilding its SQL, and on PostgreSQL a named statement is parsed once
 * per connection. `build` receives the handle and returns the query, prepared with
 * `.prepare(name)` and `sql.placeholder` for its parameters.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db as Database);
      built.set(db, query);
    }
    return query;
  };
}
