import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock';
import { ensureSuperuser } from '../modules/accounts/accounts.service';
import { openMigratedDatabase } from '../runtime';
import { promptHidden } from './prompt';

const usage =
  'Usage: npm run create-superuser -- --username <name> [--email <address>]\n' +
  'The password is read from SUPERUSER_PASSWORD, or asked for.';

async function main() {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.username) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const password =
    process.env.SUPERUSER_PASSWORD ||
    (await promptHidden(`Password for ${values.username}: `, 'Password (again): '));

  const { database, close } = await openMigratedDatabase(config, (error) => console.error(error));
  try {
    const outcome = await ensureSuperuser(
      { db: database.db },
      { username: values.username, password, email: values.email },
      { resetPassword: true },
    );
    console.log(
      outcome.created
        ? `Superuser "${values.username}" created.`
        : `"${values.username}" is a superuser${outcome.promoted ? ' now' : ''}; password updated.`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError;
  console.error(
    known || !(error instanceof Error) ? String((error as Error).message ?? error) : error.message,
  );
  process.exit(1);
});
