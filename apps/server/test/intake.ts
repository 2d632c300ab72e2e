import type { GuestReportCreated, TrackSession } from '@candor/contract/intake';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TestApp } from './app';
import { multipart, type UploadFile } from './reports';

/**
 * Does what the browser's worker does: fetches a challenge (for the link's organisation, or the
 * platform) and solves it.
 */
export async function solvedProof(t: TestApp, slug: string | null = null): Promise<string> {
  const url = slug === null ? '/api/intake/challenge/' : `/api/intake/challenge/?slug=${slug}`;
  let response = await t.app.inject({ method: 'GET', url });
  // A link to nowhere: a platform proof, so the filing itself meets the unknown slug.
  if (response.statusCode === 404) {
    response = await t.app.inject({ method: 'GET', url: '/api/intake/challenge/' });
  }
  if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.body}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return JSON.stringify({ challenge, solution });
}

/** Sends the intake form: to an organisation's slug, or to the platform when `slug` is null. */
export async function submitGuestReport(
  t: TestApp,
  slug: string | null,
  fields: Record<string, string> = {},
  file?: UploadFile,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const proof = fields.proof ?? (await solvedProof(t, slug));
  const body = await multipart(
    {
      title: 'Money missing from the trip fund',
      description: 'The treasurer keeps cash receipts at home.',
      ...fields,
      proof,
    },
    file,
  );
  return t.app.inject({
    method: 'POST',
    url: slug === null ? '/api/intake/reports/' : `/api/intake/${slug}/reports/`,
    headers: { ...options.headers, ...body.headers },
    payload: body.payload,
    remoteAddress: options.remoteAddress,
  });
}

export async function fileGuestReport(
  t: TestApp,
  slug: string | null,
  fields: Record<string, string> = {},
  file?: UploadFile,
): Promise<GuestReportCreated> {
  const response = await submitGuestReport(t, slug, fields, file);
  if (response.statusCode !== 201) throw new Error(`guest report failed: ${response.body}`);
  return response.json();
}

export function openTrackSession(
  t: TestApp,
  receipt: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/track/session/',
    headers,
    payload: { receipt },
  });
}

/** A guest session for `receipt`, and headers that carry it. */
export async function trackAs(t: TestApp, receipt: string) {
  const response = await openTrackSession(t, receipt);
  if (response.statusCode !== 200) throw new Error(`track failed: ${response.body}`);
  const session: TrackSession = response.json();
  return { session, headers: { authorization: `Guest ${session.token}` } };
}

/** The slug of an organisation inserted by the factory. */
export async function slugOf(t: TestApp, organizationId: number): Promise<string> {
  const { organizations } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [row] = await t.database.db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return (row as { slug: string }).slug;
}
