import { reportStatusSchema } from '@candor/contract/enums';
import type { Report } from '@candor/contract/reports';
import type { TestApp } from './app';
import type { TestUser } from './factories';

export type UploadFile = { name: string; type: string; data: Buffer };

/** A multipart body as a browser's FormData would send it. */
export async function multipart(
  fields: Record<string, string>,
  file?: UploadFile,
  fileField = 'file_upload',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(fileField, new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  };
}

export async function submitReport(
  t: TestApp,
  user: TestUser,
  fields: Record<string, string> = {},
  file?: UploadFile,
) {
  const body = await multipart(
    { title: 'Broken safety rail', description: 'The rail on floor 3 is loose.', ...fields },
    file,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/reports/',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Submits a report through the API and returns its payload. */
export async function createReport(
  t: TestApp,
  user: TestUser,
  fields: Record<string, string> = {},
  file?: UploadFile,
): Promise<Report> {
  const response = await submitReport(t, user, fields, file);
  if (response.statusCode !== 201) throw new Error(`report failed: ${response.body}`);
  return response.json();
}

/** Puts a report in a status directly, for tests of what each status allows. */
export async function setReportStatus(t: TestApp, id: number, name: string) {
  const status = reportStatusSchema.parse(name);
  const { reports } = await import('../src/db/schema');
  const { eq, sql } = await import('drizzle-orm');
  await t.database.db
    .update(reports)
    .set({ status, resolvedAt: status === 'resolved' ? sql`now()` : null })
    .where(eq(reports.id, id));
}
