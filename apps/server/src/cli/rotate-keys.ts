import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { rotateKeys } from '../operations/keys/rotate-keys';
import { runOperation } from './run-operation';

const usage =
  'Usage: npm run rotate-keys [-- --batch-size <n>]\n' +
  'Adds a new encryption key (current for new values), re-wraps every sealed value and file\n' +
  'under it in batches, and retires the old key once nothing uses it. Run it again after an\n' +
  'interruption: it goes on where it stopped. See the README, "Operating Candor".';

async function main() {
  const { values } = parseArgs({
    options: { 'batch-size': { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const batchSize = Number(values['batch-size'] ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    console.log(usage);
    process.exit(2);
  }
  const result = await rotateKeys(loadConfig(), {
    batchSize,
    log: (message) => console.log(message),
  });
  if (result.outcome === 'add-key') {
    console.log(
      'ENCRYPTION_KEYS is set in the environment, so the new key cannot be added here. Put this\n' +
        'key first in ENCRYPTION_KEYS on every server (keep the old ones after it), restart them\n' +
        'all, then run "npm run rotate-keys" again with the same variables:\n\n' +
        `  ${result.newKey}\n`,
    );
    return;
  }
  console.log(
    result.retired.length > 0
      ? `Every sealed value and file is under key "${result.currentId}"; retired: ` +
          `${result.retired.join(', ')}` +
          (result.keysIn === 'secrets.json'
            ? ' (removed from secrets.json). '
            : '. Remove them from ENCRYPTION_KEYS on every server. ') +
          'Keep the retired keys with the backups made before today: restoring those needs them.'
      : `Every sealed value and file is under key "${result.currentId}"; no other key to retire.`,
  );
}

runOperation(main);
