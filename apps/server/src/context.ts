import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { createHasher, createSealer, type Hasher, type Sealer } from './lib/crypto';
import type { Secrets } from './lib/secrets';
import type { FileStorage } from './lib/storage';
import { type AccessTokenSigner, createAccessTokenSigner } from './lib/tokens';
import { createSearchTexts, type SearchTexts } from './modules/admin/search-texts';

/** What services need, built once per app and passed explicitly (no module-level state). */
export type AppContext = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  sealer: Sealer;
  hash: Hasher;
  accessTokens: AccessTokenSigner;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Opened descriptions for admin search, in memory only (modules/admin/search-texts.ts). */
  searchTexts: SearchTexts;
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
}): AppContext {
  return {
    config: deps.config,
    db: deps.database.db,
    database: deps.database,
    sealer: createSealer(deps.secrets.keyring),
    hash: createHasher(deps.secrets.ownerHash),
    accessTokens: createAccessTokenSigner(deps.secrets.jwt, deps.config.tokens.accessTtlSeconds),
    storage: deps.storage,
    log: deps.log,
    searchTexts: createSearchTexts(),
  };
}
