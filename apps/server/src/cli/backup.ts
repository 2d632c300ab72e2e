import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { reencryptArchive } from '../operations/backup/archive';
import { createBackup } from '../operations/backup/backup';
import { promptHidden } from './prompt';
import { runOperation } from './run-operation';

const usage =
  'Usage: npm run backup -- --out <file> [--include-keys]\n' +
  '       npm run backup -- --rekey <archive> --out <file>\n' +
  'Writes one archive of the database, the stored evidence and a manifest, encrypted and\n' +
  'authenticated whole with a passphrase read from BACKUP_PASSPHRASE or asked for (twice).\n' +
  'With --include-keys it also holds the signing, hashing and encryption keys. With --rekey it\n' +
  'writes <archive> anew under another passphrase (BACKUP_NEW_PASSPHRASE, or asked for).\n' +
  'Keep the passphrase as you keep the keys, apart from the archives: see the README,\n' +
  '"Operating Candor".';

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'include-keys': { type: 'boolean' },
      rekey: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.out || (values.rekey && values['include-keys'])) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  if (values.rekey) {
    const old =
      process.env.BACKUP_PASSPHRASE ||
      (await promptHidden(`Passphrase of ${values.rekey}: `, null, 'BACKUP_PASSPHRASE'));
    const next =
      process.env.BACKUP_NEW_PASSPHRASE ||
      (await promptHidden('New passphrase: ', 'New passphrase (again): ', 'BACKUP_NEW_PASSPHRASE'));
    await reencryptArchive(values.rekey, values.out, { old, new: next });
    console.log(`${values.out} written: ${values.rekey} under the new passphrase.`);
    return;
  }
  const config = loadConfig();
  const passphrase =
    process.env.BACKUP_PASSPHRASE ||
    (await promptHidden(
      'Passphrase of the archive: ',
      'Passphrase (again): ',
      'BACKUP_PASSPHRASE',
    ));
  const summary = await createBackup(config, {
    out: values.out,
    passphrase,
    includeKeys: values['include-keys'] === true,
    log: (message) => console.log(message),
  });
  console.log(
    `Backup written to ${values.out} (encrypted with the passphrase): ` +
      `${summary.evidence.files} evidence files, ` +
      (summary.hasKeys
        ? 'keys included.'
        : `no keys: restoring it needs the keys of this server (${summary.keyIds.join(', ')}).`),
  );
}

runOperation(main);
