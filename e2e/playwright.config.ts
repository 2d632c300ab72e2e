import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags } from './support/chromium';

/**
 * Browser journeys against the production build served by the real server on a fresh embedded
 * database. Chromium comes from Debian (`/usr/bin/chromium`).
 */
const port = Number(process.env.E2E_PORT ?? 8765);
export const baseURL = `http://127.0.0.1:${port}`;
/** The SMTP server the mail journey starts (e2e/mail): the server sends there. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
const dataDir = path.join(import.meta.dirname, 'output', 'server-data');

export const superuser = { username: 'e2e_superuser', password: 'e2e-superuser-passphrase' };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'output/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: 'output/report', open: 'never' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless=new', ...chromiumFlags],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node ../scripts/e2e-server.mjs`,
    cwd: import.meta.dirname,
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SUPERUSER_USERNAME: superuser.username,
      SUPERUSER_PASSWORD: superuser.password,
      // Every journey registers its own users from one address.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000',
      // Mail goes to the SMTP server of the mail journey, sent within a second or two.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_TLS: 'none',
      MAIL_FROM: 'Candor <alerts@candor.test>',
      PUBLIC_URL: baseURL,
      MAIL_SEND_INTERVAL_SECONDS: '1',
      SCHEDULER_TICK_SECONDS: '1',
    },
  },
});
