import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { applyForAdminAccess } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

/**
 * Chromium's fake microphone plays a known voice (espeak-ng, made here) into every recording,
 * so the whole path runs as a person would: record, listen back, send, follow up, reply.
 */
const voiceDir = path.join(import.meta.dirname, '..', 'output', 'voice');
mkdirSync(voiceDir, { recursive: true });
const spoken = path.join(voiceDir, 'spoken.wav');
const fakeMicrophone = path.join(voiceDir, 'fake-microphone.wav');
execFileSync('espeak-ng', [
  '-v',
  'en',
  '-s',
  '150',
  '-w',
  spoken,
  'The forklift keys are left in the ignition every night. Someone will get hurt.',
]);
// Chromium reads 48 kHz mono WAV best.
execFileSync('sox', [spoken, '-r', '48000', '-c', '1', '-b', '16', fakeMicrophone]);

const baseArgs = playwrightConfig.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...playwrightConfig.use?.launchOptions,
    args: [
      ...baseArgs,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${fakeMicrophone}`,
    ],
  },
});

/** Records from the fake microphone for a few seconds and waits for the disguised version. */
async function recordVoice(page: Page, within: Locator) {
  await within.getByRole('button', { name: 'Record a voice message' }).click();
  const stop = within.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeFocused();
  await expect(within.getByText('/ 10:00 limit')).toBeVisible();
  await expect(within.getByLabel('Microphone level')).toBeVisible();
  // The timer moves while the voice is spoken in.
  await expect(within.getByText(/0:0[4-9] \/ 10:00/)).toBeVisible({ timeout: 20_000 });
  await saveScreenshot(page, 'voice-recording');
  await stop.click();
  await expect(within.getByText(/as the administrator will hear it/)).toBeVisible({
    timeout: 60_000,
  });
}

/** Plays an audio element to its end: it loaded, and its length is what it says. */
async function playThrough(player: Locator): Promise<number> {
  await expect(player).toBeVisible();
  return player.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    element.playbackRate = 4;
    await element.play();
    await new Promise<void>((resolve, reject) => {
      if (element.ended) resolve();
      element.addEventListener('ended', () => resolve(), { once: true });
      element.addEventListener('error', () => reject(new Error('audio failed')), { once: true });
    });
    return element.currentTime;
  });
}

test('a voice report without an account: recorded, heard disguised, sent, followed at /track, answered by voice', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  // A platform administrator, approved by the superuser: reports sent from /report are theirs.
  const applicant = await registerUser(request, 'voiceadmin');
  const applicantTokens = await apiLogin(request, applicant);
  await applyForAdminAccess(
    request,
    { authorization: `Bearer ${applicantTokens.access}` },
    {
      request_type: 'individual',
      email: `${applicant.username}@example.test`,
      phone: '+1 555 0100',
      justification: 'I handle reports for the platform, spoken ones too.',
    },
  );
  const adminTokens = await apiLogin(request, applicant);
  const title = `Keys left in the forklift ${Date.now().toString(36)}`;

  // A visitor records instead of writing, listens to the disguised version, and sends it.
  const visitorContext = await browser.newContext({ permissions: ['microphone'] });
  // The microphone takes a moment to open, as on a slow phone: a new take's clock must not show
  // the last take's length meanwhile (which let a take be stopped at once).
  await visitorContext.addInitScript(() => {
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) =>
      new Promise((resolve) => setTimeout(resolve, 1500)).then(() => open(constraints));
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/report');
  await visitor.getByLabel('Title').fill(title);
  const form = visitor.locator('form');
  await expect(form.getByText(/cannot hide what you say/)).toBeVisible();
  await expectNoAxeViolations(visitor);
  await recordVoice(visitor, form);
  const preview = form.getByLabel('Your disguised voice message');
  expect(await playThrough(preview)).toBeGreaterThan(3);
  await expectNoAxeViolations(visitor);
  await saveScreenshot(visitor, 'voice-listen-back');
  // Record again: the new take replaces the first.
  await form.getByRole('button', { name: 'Record again' }).click();
  await expect(form.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  // Past four seconds on the timer, as the first take: the file then lasts more than three.
  await expect(form.getByText(/0:0[4-9] \/ 10:00/)).toBeVisible({ timeout: 20_000 });
  await form.getByRole('button', { name: 'Stop recording' }).click();
  await expect(form.getByText(/as the administrator will hear it/)).toBeVisible({
    timeout: 60_000,
  });
  expect(await playThrough(preview)).toBeGreaterThan(3);
  await visitor.getByRole('button', { name: 'Submit Report' }).click();
  await expect(visitor.getByRole('heading', { name: 'Your receipt' })).toBeVisible({
    timeout: 60_000,
  });
  const receipt = (
    (await visitor.locator('p.font-mono span[aria-hidden="true"]').textContent()) ?? ''
  ).trim();
  expect(receipt).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  await visitorContext.close();

  // At /track with the receipt: the voice message is there, disguised, and plays.
  const returningContext = await browser.newContext({ permissions: ['microphone'] });
  const returning = await returningContext.newPage();
  await returning.goto('/track');
  await returning.getByLabel('Receipt').fill(receipt);
  await returning.getByRole('button', { name: 'Open my report' }).click();
  const own = returning.getByLabel('Your voice message (disguised)');
  expect(await playThrough(own)).toBeGreaterThan(3);

  // The administrator opens it, plays it, changes the speed, and replies by voice.
  const adminContext = await browser.newContext({ permissions: ['microphone'] });
  const admin = await adminContext.newPage();
  await loginThroughForm(admin, applicant);
  const listed = await request.get('/api/admin/reports/', {
    headers: { authorization: `Bearer ${adminTokens.access}` },
  });
  const report = (await listed.json()).find((item: { title: string }) => item.title === title);
  await admin.goto(`/reports/${report.id}`);
  const reportVoice = admin.getByLabel('Voice message with the report (disguised)', {
    exact: true,
  });
  expect(await playThrough(reportVoice)).toBeGreaterThan(3);
  await admin.getByLabel('Speed').first().selectOption('1.5');
  await expect(
    admin.getByRole('link', { name: /Download voice message with the report/ }),
  ).toHaveAttribute('href', /\/api\/voice\/\d+\/\?expires=\d+&signature=[0-9a-f]{64}$/);
  await expectNoAxeViolations(admin);
  await saveScreenshot(admin, 'voice-admin-report');
  const replyBox = admin.getByRole('region', { name: 'Conversation with the reporter' });
  await recordVoice(admin, replyBox);
  await replyBox.getByRole('button', { name: 'Reply to reporter' }).click();
  await expect(replyBox.getByLabel(`Voice message from you`)).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(admin, 'voice-admin-reply');

  // The reporter comes back and plays the reply, which names no administrator.
  await returning.getByRole('button', { name: 'Leave and forget this report' }).click();
  await returning.getByLabel('Receipt').fill(receipt);
  await returning.getByRole('button', { name: 'Open my report' }).click();
  const reply = returning.getByLabel('Voice message from Administrator');
  expect(await playThrough(reply)).toBeGreaterThan(3);
  await expect(returning.getByText(applicant.username)).toHaveCount(0);
  await expectNoAxeViolations(returning);
  await saveScreenshot(returning, 'voice-track-reply');
});
