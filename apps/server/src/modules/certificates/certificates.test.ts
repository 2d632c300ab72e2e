import { describe, expect, it } from 'vitest';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { firstPdfPage, openPdf, pdfText } from '../../../test/pdf';
import { createReport, setReportStatus } from '../../../test/reports';

const t = useTestApp();

const certificate = (id: number, user: TestUser, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/reports/reports/${id}/certificate/${query}`,
    headers: user.headers,
  });

/** The addresses of the PDF's link annotations, as a PDF reader finds them. */
async function pdfLinks(data: Buffer): Promise<string[]> {
  const annotations = await (await firstPdfPage(data)).getAnnotations();
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

  it('is written in Spanish when the web app asks for it, or the browser prefers it', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner, { title: 'Escalera insegura' });
    await setReportStatus(t, report.id, 'resolved');
    const asked = await pdfText(
      (await certificate(report.id, owner, '?lang=es&title=true')).rawPayload,
    );
    expect(asked).toContain('Certificado de resolución');
    expect(asked).toContain('Referencia de la denuncia');
    expect(asked).toContain('Código de verificación');
    expect(asked).toContain('Escalera insegura');
    expect(asked).toContain(report.token);
    const preferred = await t.app.inject({
      method: 'GET',
      url: `/api/reports/reports/${report.id}/certificate/`,
      headers: { ...owner.headers, 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(await pdfText(preferred.rawPayload)).toContain('Certificado de resolución');
    const wrong = await certificate(report.id, owner, '?lang=klingon');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ lang: ['Choose one of: en, es, fr, de, pt, ar.'] });
  });

  it('is written in Arabic, right to left, in a font that has Arabic letters', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner, { category: 'corruption' });
    await setReportStatus(t, report.id, 'resolved');
    const response = await certificate(report.id, owner, '?lang=ar');
    expect(response.statusCode).toBe(200);
    const pdf = await openPdf(response.rawPayload);
    const page = await pdf.getPage(1);
    const items = (await page.getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim() !== '' ? [item] : [],
    );
    // Dots drawn apart from their letter read back as control characters: left out.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the ones to leave out
    const text = items.map((item) => item.str.replace(/[\u0000-\u001f]/g, '')).join(' ');
    // The title in the document's information, as a PDF reader shows it.
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
    expect(info.Title).toBe(`شهادة معالجة البلاغ ${report.token}`);
    // The drawn words read back: the font draws some dotted letters as a base and its dots, so
    // words made of other letters are what a reader finds whole.
    for (const words of ['الهوية', 'إبلاغ', 'Candor']) expect(text).toContain(words);
    expect(text).toContain(report.token);
    // Two fonts: the embedded Arabic one and the built-in Latin one.
    const fonts = new Set(items.map((item) => item.fontName));
    expect(fonts.size).toBeGreaterThan(1);
    // Right to left: the labels end at the right margin (A4 is 595 points wide, margins 64).
    const width = page.getViewport({ scale: 1 }).width;
    const label = items.find((item) => item.str.includes(report.token));
    if (!label) throw new Error('no reference');
    const right = label.transform[4] + label.width;
    expect(right).toBeGreaterThan(width - 64 - 2);
    expect(label.transform[4]).toBeGreaterThan(width / 2);
    // The English certificate starts its lines at the left margin instead.
    const english = await openPdf((await certificate(report.id, owner)).rawPayload);
    const englishItems = (await (await english.getPage(1)).getTextContent()).items;
    const englishReference = englishItems.find(
      (item) => 'str' in item && item.str.includes(report.token),
    );
    expect(
      englishReference && 'transform' in englishReference ? englishReference.transform[4] : 0,
    ).toBeCloseTo(64, 0);
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
