import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock';
import {
  createOrPromoteSuperuser,
  PromotionNeedsConfirmationError,
} from '../modules/accounts/superuser.service';
import { openMigratedDatabase } from '../runtime';
import { promptHidden } from './prompt';

const usage =
  'Usage: npm run create-superuser -- --username <name> [--email <address>] [--promote]\n' +
  'Creates the superuser. With --promote, an existing account of that name becomes the\n' +
  'superuser; its password is replaced and its sessions end. The password is read from\n' +
  'SUPERUSER_PASSWORD, or asked for.';

const messages = {
  created: (name: string) => `Superuser "${name}" created.`,
  promoted: (name: string) => `"${name}" is the superuser now; its password was replaced.`,
  'password-updated': (name: string) => `"${name}" is a superuser; password updated.`,
};

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      promote: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.username) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  // The start-up pair is not this command's business: SUPERUSER_PASSWORD alone is its input.
  const config = loadConfig({
    ...process.env,
    SUPERUSER_USERNAME: undefined,
    SUPERUSER_PASSWORD: undefined,
  });
  const password =
    process.env.SUPERUSER_PASSWORD ||
    (await promptHidden(`Password for ${values.username}: `, 'Password (again): '));

  const { database, close } = await openMigratedDatabase(config, (error) => console.error(error));
  try {
    const { outcome } = await createOrPromoteSuperuser(
      { db: database.db },
      { username: values.username, password, email: values.email },
      { promote: values.promote === true },
    );
    console.log(messages[outcome](values.username));
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof EmbeddedDatabaseBusyError ||
    error instanceof PromotionNeedsConfirmationError;
  console.error(
    known || !(error instanceof Error) ? String((error as Error).message ?? error) : error.message,
  );
  process.exit(1);
});
