import { loadConfig } from '../config';
import { openMigratedDatabase } from '../runtime';

const config = loadConfig();
openMigratedDatabase(config, (error) => console.error(error))
  .then(async ({ description, close }) => {
    await close();
    console.log(`Migrations applied to ${description}.`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
