import { loadConfig } from '../config';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock';
import { describeChain, verifyAuditChain } from '../modules/audit/audit-chain';
import { openMigratedDatabase } from '../runtime';

/**
 * `npm run audit:verify`: checks the audit log's hash chain and says what it found; exits 1
 * when the chain is broken. On the embedded database it needs the server stopped (it says so).
 */
const config = loadConfig();
openMigratedDatabase(config, (error) => console.error(error))
  .then(async ({ database, description, close }) => {
    try {
      const state = await verifyAuditChain(database.db);
      console.log(`${description}: ${describeChain(state)}`);
      process.exitCode = state.isIntact ? 0 : 1;
    } finally {
      await close();
    }
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof EmbeddedDatabaseBusyError) {
      console.error('While the server runs, the Superuser Dashboard shows the state of the chain.');
    }
    process.exit(2);
  });
