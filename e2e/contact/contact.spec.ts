import { expect, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { uniqueUsername } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

test('a visitor sends a message and the superuser reads it', async ({ browser }) => {
  const subject = `Question ${uniqueUsername('contact')}`;
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@candor.example' })).toBeVisible();
  await expect(page.getByText('Mon-Fri 9 AM - 5 PM')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'contact-us');

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Name').fill('Sam');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('How do I follow up on a report I made last week?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "Message sent successfully! We'll get back to you soon.",
  );
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await visitor.close();

  const console = await browser.newContext();
  const admin = await console.newPage();
  await loginThroughForm(admin, superuser, /\/superuser-dashboard$/);
  await admin.getByRole('tab', { name: 'Contact Messages' }).click();
  const message = admin.getByRole('article', { name: new RegExp(subject) });
  await expect(message).toContainText('How do I follow up on a report I made last week?');
  await expect(message).toContainText('Unread');
  await expectNoAxeViolations(admin);
  await saveScreenshot(admin, 'superuser-contact-inbox');
  await message.getByRole('button', { name: /^Mark as Read/ }).click();
  await expect(message).not.toContainText('Unread');

  await admin.getByRole('tab', { name: 'Audit Log' }).click();
  const table = admin.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toContainText('contact.read');
  await expect(table.getByRole('row').nth(1)).toContainText(superuser.username);
  await expectNoAxeViolations(admin);
  await saveScreenshot(admin, 'superuser-audit-log');
  await console.close();
});
