import { ConfigError } from '../config';
import { StartupError } from '../lib/startup-error';
import { OperationError } from '../operations/operation-error';

/**
 * Runs an operator's command (backup, restore, rotate-keys): a failure it expects prints its
 * message alone, anything else prints whole; either exits 1.
 */
export function runOperation(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof OperationError ||
      error instanceof StartupError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}
