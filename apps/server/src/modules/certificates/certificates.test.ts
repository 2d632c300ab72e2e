import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { createReport, setReportStatus } from '../../../test/reports';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const certificate = (id: number, user: TestUser, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/reports/reports/${id}/certificate/${query}`,
    headers: user.headers,
  });

const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(data), standardFontDataUrl }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

/** The addresses of the PDF's link annotations, as a PDF reader finds them. */
async function pdfLinks(data: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(data), standardFontDataUrl }).promise;
  const annotations = await (await pdf.getPage(1)).getAnnotations();
  return (
    annotations
      // `unsafeUrl`: the address as written, relative when the server has no public address.
      .map((annotation) => (annotation as { unsafeUrl?: string }).unsafeUrl)
      .filter((url): url is string => typeof url === 'string')
  );
}

describe('GET /api/reports/reports/{id}/certificate/', () => {
  it('gives the owner of a resolved report a PDF naming the report, not its title', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner, { title: 'Unsafe ladder' });
    await setReportStatus(t, report.id, 'resolved');
    const response = await certificate(report.id, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificate.pdf"');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Certificate of Resolution');
    expect(text).toContain(report.token);
    expect(text).toMatch(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    expect(text).not.toContain('Unsafe ladder');
    expect(text).not.toContain('Title');
    const explicitlyOff = await pdfText(
      (await certificate(report.id, owner, '?title=false')).rawPayload,
    );
    expect(explicitlyOff).not.toContain('Unsafe ladder');
  });

  it('prints the title only when the reporter asks for it', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner, { title: 'Unsafe ladder' });
    await setReportStatus(t, report.id, 'resolved');
    const text = await pdfText((await certificate(report.id, owner, '?title=true')).rawPayload);
    expect(text).toContain('Title');
    expect(text).toContain('Unsafe ladder');
  });

  it('answers a clear 400 to a title choice that is not true or false', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, 'resolved');
    const response = await certificate(report.id, owner, '?title=yes');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Choose true or false.');
  });

  it('points to the verification page, reference and code filled in, not to the API', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, 'resolved');
    const pdf = (await certificate(report.id, owner)).rawPayload;
    const link = (await pdfLinks(pdf))[0] as string;
    const address = new URL(link, 'http://unused.test');
    expect(address.pathname).toBe('/verify');
    expect(address.searchParams.get('reference')).toBe(report.token);
    const code = address.searchParams.get('code') as string;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // The printed address is the same one, for a reader of the paper copy.
    const text = (await pdfText(pdf)).replaceAll(' ', '');
    expect(text).toContain(`/verify?reference=${encodeURIComponent(report.token)}&code=${code}`);
    expect(text).not.toContain('/api/');
    // And it checks out.
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/reports/certificates/verify/${address.search}`,
    });
    expect(verified.json()).toMatchObject({ valid: true, reference: report.token });
  });

  it('refuses a report that is not resolved', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    const response = await certificate(report.id, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'A certificate is available only for resolved reports.',
    });
  });

  it('answers 404 to anyone but the owner', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, 'resolved');
    expect((await certificate(report.id, await createUser(t))).statusCode).toBe(404);
    expect((await certificate(report.id, await createAdmin(t))).statusCode).toBe(404);
  });
});

describe('GET /api/reports/certificates/verify/', () => {
  it('confirms the code printed on a certificate and refuses any other', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, 'resolved');
    const text = await pdfText((await certificate(report.id, owner)).rawPayload);
    const code = text
      .match(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}(?![0-9A-Z-])/g)
      ?.find((c) => !report.token.includes(c));
    const verify = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/reports/certificates/verify/?${query}` });

    const valid = await verify(`reference=${report.token}&code=${code}`);
    expect(valid.json()).toMatchObject({ valid: true, reference: report.token, category: 'abuse' });
    expect(valid.body).not.toContain(owner.username);
    const forged = await verify(`reference=${report.token}&code=AAAA-BBBB-CCCC`);
    expect(forged.json()).toEqual({
      valid: false,
      reference: null,
      category: null,
      submitted_at: null,
      resolved_at: null,
    });
    expect((await verify('reference=&code=')).statusCode).toBe(400);
  });
});
