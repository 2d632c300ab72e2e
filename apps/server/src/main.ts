import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createStorage } from './lib/create-storage';
import { createHasher, createSealer } from './lib/crypto';
import { checkStoredKeys } from './lib/key-check';
import { holdKeyPresence, type KeyPresence } from './lib/key-presence';
import { createLogger, errorSummary } from './lib/logger';
import { resolveSecrets } from './lib/secrets';
import { StartupError } from './lib/startup-error';
import { bootstrapSuperuser } from './modules/accounts/superuser.service';
import { convertOwners } from './modules/reports/owner-conversion';
import { hasSuperuser } from './modules/users/users.service';
import { setUpProcess } from './process-setup';
import { openMigratedDatabase } from './runtime';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const secrets = resolveSecrets(config, (message) => log.info(message));
  const { database, description, close } = await openMigratedDatabase(config, (error) =>
    log.error({ error: errorSummary(error) }, 'database connection error'),
  );
  log.info(`Database: ${description} (migrations applied)`);
  let presence: KeyPresence | undefined;
  try {
    await checkStoredKeys(database.db, secrets);
    // On a PostgreSQL server, tells rotate-keys which keys this process holds (lib/key-presence).
    if (config.database.url) {
      presence = await holdKeyPresence(config.database.url, secrets.keyring, (error) =>
        log.warn({ err: error }, 'key presence connection lost'),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }

  // One-off conversions that need the keys (migrations ask for them), before anything is served.
  const converted = await convertOwners({
    db: database.db,
    sealer: createSealer(secrets.keyring),
    hash: createHasher(secrets.ownerHash),
  });
  if (converted) {
    log.info(
      `Converted the owners of ${converted.reports} anonymous reports and ${converted.notices} notices`,
    );
  }

  if (config.superuser) {
    const { username } = config.superuser;
    const result = await bootstrapSuperuser({ db: database.db }, config.superuser);
    if (result.outcome === 'created') log.info(`Created superuser "${username}"`);
    if (result.outcome === 'confirmed') log.info(`Superuser "${username}" is present`);
    if (result.outcome === 'refused') {
      log.error(
        `SUPERUSER_USERNAME names the existing account "${result.existingUsername}", which is ` +
          'not a superuser: it was not promoted and nothing was changed. If that account is ' +
          'yours, stop the server and run "npm run create-superuser -- --username ' +
          `${result.existingUsername} --promote" (it asks for a new password); otherwise choose ` +
          'another SUPERUSER_USERNAME.',
      );
    }
  }

  setUpProcess(config);
  const app = await buildApp(config, {
    database,
    secrets,
    storage: await createStorage(config),
    logger: log,
  });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await close();
      // Last: until the pool is closed this process may still commit values sealed with its key.
      await presence?.close();
      process.exit(0);
    } catch (error) {
      log.error({ error: errorSummary(error) }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  log.info(`Candor is running at ${url}`);
  log.info(
    app.ctx.mailer
      ? `Email to staff is on: sending through ${app.ctx.mailer.describe()} from ${config.mail?.from}`
      : 'Email is off: no SMTP_URL or SMTP_HOST is set, so alerts stay in the app and staff cannot reset passwords by email.',
  );
  if (!config.superuser && !(await hasSuperuser(database.db))) {
    log.info(
      'No superuser yet. Stop the server and run "npm run create-superuser -- --username <name>", ' +
        'or start it with SUPERUSER_USERNAME and SUPERUSER_PASSWORD set.',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
