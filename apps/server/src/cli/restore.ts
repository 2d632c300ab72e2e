import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreBackup } from '../operations/backup/restore';
import { promptHidden } from './prompt';
import { runOperation } from './run-operation';

const usage =
  'Usage: npm run restore -- <file>\n' +
  'Restores a backup made by "npm run backup" into an empty database (DATA_DIR, or the\n' +
  'PostgreSQL database at DATABASE_URL) and empty evidence storage. It asks for the passphrase\n' +
  'of the archive (or reads BACKUP_PASSPHRASE). A backup without keys also needs the keys of\n' +
  'the server it came from, in DATA_DIR/secrets.json or the environment.';

async function main() {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean' } },
    allowPositionals: true,
  });
  const [file, ...rest] = positionals;
  if (values.help || !file || rest.length > 0) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  await restoreBackup(config, {
    file,
    passphrase: async () =>
      process.env.BACKUP_PASSPHRASE ||
      promptHidden('Passphrase of the backup: ', null, 'BACKUP_PASSPHRASE'),
    log: (message) => console.log(message),
  });
  console.log('Restore complete. Start Candor as usual.');
}

runOperation(main);
