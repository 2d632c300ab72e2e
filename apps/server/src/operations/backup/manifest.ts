import { z } from 'zod';
import { entrySchema, FORMAT } from './archive';

/** What a backup holds, written last into the archive and checked first by a restore. */
export const manifestSchema = z.object({
  format: z.literal(FORMAT.format),
  version: z.literal(FORMAT.version),
  createdAt: z.string(),
  software: z.object({ node: z.string() }),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    /** `pglite-datadir`: PGlite's own dump of its folder; `copy`: one COPY file per table. */
    kind: z.enum(['pglite-datadir', 'copy']),
    serverVersion: z.string(),
    migrations: z.array(z.object({ hash: z.string(), createdAt: z.string() })),
    tables: z.array(
      z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int() }),
    ),
    sequences: z.array(
      z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() }),
    ),
  }),
  evidence: z.object({
    storage: z.enum(['local', 's3']),
    files: z.number().int(),
    bytes: z.number().int(),
    /** Files of reports deleted while a PostgreSQL backup ran: the restore deletes those reports. */
    deletedDuringBackup: z.array(z.string()),
    /** Files a stored report names that the storage did not have (a damaged storage). */
    missing: z.array(z.string()),
  }),
  /** Ids of the encryption keys the stored data was sealed with: a restore needs all of them. */
  keyIds: z.array(z.string()),
  /** Whether the server's secrets are in the archive (`keys.json`). */
  hasKeys: z.boolean(),
  entries: z.array(entrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const PGLITE_DUMP_ENTRY = 'database/pglite-datadir.tar.gz';
export const evidenceEntry = (key: string) => `evidence/${key}`;
