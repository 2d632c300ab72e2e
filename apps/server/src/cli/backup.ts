import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createBackup } from '../operations/backup/backup';
import { promptHidden } from './prompt';
import { runOperation } from './run-operation';

const usage =
  'Usage: npm run backup -- --out <file> [--include-keys]\n' +
  'Writes one archive of the database, the stored evidence and a manifest. With --include-keys\n' +
  'it also holds the signing, hashing and encryption keys, sealed with a passphrase read from\n' +
  'BACKUP_PASSPHRASE or asked for (twice). Keep keys and backups apart: see the README,\n' +
  '"Operating Candor".';

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'include-keys': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.out) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const keysPassphrase = values['include-keys']
    ? process.env.BACKUP_PASSPHRASE ||
      (await promptHidden('Passphrase for the keys: ', 'Passphrase (again): ', 'BACKUP_PASSPHRASE'))
    : undefined;
  const summary = await createBackup(config, {
    out: values.out,
    keysPassphrase,
    log: (message) => console.log(message),
  });
  console.log(
    `Backup written to ${values.out}: ${summary.evidence.files} evidence files, ` +
      (summary.hasKeys
        ? 'keys included (sealed with the passphrase).'
        : `no keys: restoring it needs the keys of this server (${summary.keyIds.join(', ')}).`),
  );
}

runOperation(main);
