import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { englishLeft } from '../support/catalogues';
import { createOrganization } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

const PHONE = { width: 390, height: 844 };

test('a visitor files a report in Spanish, and reads the reply in Arabic, with no English left on those screens', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const organization = await createOrganization(request, 'Almacén del Río');

  // A Spanish browser opens the organisation's link: the form is in Spanish.
  const visitorContext = await browser.newContext({ locale: 'es-ES', viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/o/${organization.slug}/report`);
  await expect(visitor).toHaveURL(new RegExp(`/es/o/${organization.slug}/report$`));
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
  await expect(visitor.locator('main h1')).toContainText(organization.name);
  expect(await englishLeft(visitor, 'es')).toEqual([]);
  await expectNoAxeViolations(visitor);
  await saveScreenshot(visitor, 'languages-es-intake-form');

  await visitor.locator('input[name="title"]').fill('Llaves olvidadas en la carretilla');
  await visitor.locator('select[name="category"]').selectOption('other');
  await visitor
    .locator('textarea[name="description"]')
    .fill('El turno de noche deja las llaves puestas; alguien se hará daño.');
  await visitor.locator('form button[type="submit"]').click();
  const receiptShown = visitor.locator('p.font-mono span[aria-hidden="true"]');
  await expect(receiptShown).toBeVisible({ timeout: 60_000 });
  const receipt = ((await receiptShown.textContent()) ?? '').trim();
  expect(receipt).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  expect(await englishLeft(visitor, 'es')).toEqual([]);
  await saveScreenshot(visitor, 'languages-es-receipt');
  await visitorContext.close();

  // The organisation's administrator replies (in whatever language they work in).
  const listed = await request.get('/api/admin/reports/', { headers: organization.adminHeaders });
  const report = (await listed.json()).find(
    (item: { title: string }) => item.title === 'Llaves olvidadas en la carretilla',
  );
  const reply = await request.post(`/api/reports/${report.id}/comments/`, {
    headers: organization.adminHeaders,
    data: { message: 'Gracias. ¿En qué muelle, y desde cuándo?' },
  });
  expect(reply.status()).toBe(201);

  // The visitor comes back later in Arabic, with the receipt: right to left, no English.
  const returningContext = await browser.newContext({ locale: 'ar-EG', viewport: PHONE });
  const returning = await returningContext.newPage();
  await returning.goto('/track');
  await expect(returning).toHaveURL(/\/ar\/track$/);
  await expect(returning.locator('html')).toHaveAttribute('dir', 'rtl');
  await returning.locator('input[name="receipt"]').fill(receipt);
  await returning.locator('form button[type="submit"]').click();
  await expect(returning.getByText('Gracias. ¿En qué muelle, y desde cuándo?')).toBeVisible();
  await expect(returning.getByText('Llaves olvidadas en la carretilla').first()).toBeVisible();
  expect(await englishLeft(returning, 'ar')).toEqual([]);
  await expectNoAxeViolations(returning);
  await saveScreenshot(returning, 'languages-ar-track-report');
  await returningContext.close();
});
