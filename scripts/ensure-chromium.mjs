// The browser journeys drive Debian's Chromium; install it when it is missing (needs root).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromium}. Install it: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
