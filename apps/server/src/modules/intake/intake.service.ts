import {
  createGuestReportFieldsSchema,
  type GuestReportCreated,
  type IntakeOrganization,
} from '@candor/contract/intake';
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors';
import { errorSummary } from '../../lib/logger';
import { parseOrThrow } from '../../lib/validation';
import { fileReport } from '../reports/reports.service';
import * as repo from './intake.repository';
import { checkProofOfWork } from './proof-of-work';
import { formatReceipt, hashReceipt, newReceipt, receiptLookupKey } from './receipts';

export const GUEST_REPORTS_OFF =
  'This organisation does not take reports without an account at the moment.';

function toIntakeOrganization(row: repo.IntakeOrganizationRow): IntakeOrganization {
  return {
    slug: row.slug,
    name: row.name,
    type: row.type,
    accepts_guest_reports: row.guestReportsEnabled,
  };
}

const NO_SUCH_LINK = 'No organisation has this reporting link.';

/** The organisation behind a slug as typed or linked (any letter case); 404 when none. */
async function findBySlug(ctx: AppContext, slug: string) {
  const normalized = slug.toLowerCase();
  // Anything but a slug's characters cannot be one (and must not reach the query as is).
  if (!/^[a-z0-9-]{1,80}$/.test(normalized)) throw new NotFoundError(NO_SUCH_LINK);
  const row = await repo.findOrganizationBySlug(ctx.db, normalized);
  if (!row) throw new NotFoundError(NO_SUCH_LINK);
  return row;
}

export async function getIntakeOrganization(
  ctx: AppContext,
  slug: string,
): Promise<IntakeOrganization> {
  return toIntakeOrganization(await findBySlug(ctx, slug));
}

/**
 * Reports to one destination (an organisation, or the platform: key 0) from everyone together
 * an hour, so a flood at one organisation cannot bury its real reports unnoticed.
 */
async function countForDestination(ctx: AppContext, organizationId: number | null) {
  const limit = ctx.config.intake.perOrganizationPerHour;
  try {
    const state = await ctx.counters.hit(`intake-destination:${organizationId ?? 0}`, 3_600_000);
    if (state.count > limit) {
      throw new TooManyRequestsError(Math.max(1, Math.ceil(state.resetInMs / 1000)));
    }
  } catch (error) {
    if (error instanceof TooManyRequestsError) throw error;
    ctx.log.warn({ error: errorSummary(error) }, 'intake counters unavailable');
  }
}

/**
 * Files a report without an account, to an organisation (by slug) or to the platform (null).
 * The report is anonymous and has no owner; the answer carries its receipt, which is stored
 * only as hashes (receipts.ts) in the report's own transaction.
 */
export async function fileGuestReport(
  ctx: AppContext,
  slug: string | null,
  input: { fields: Record<string, unknown>; file: Buffer | null },
): Promise<GuestReportCreated> {
  const organization = slug === null ? null : await findBySlug(ctx, slug);
  if (organization && !organization.guestReportsEnabled)
    throw new ForbiddenError(GUEST_REPORTS_OFF);
  const { proof, ...fields } = parseOrThrow(createGuestReportFieldsSchema, input.fields);
  // Before any costly work on the file.
  await checkProofOfWork(ctx, proof);
  const organizationId = organization?.id ?? null;
  await countForDestination(ctx, organizationId);
  const receipt = newReceipt();
  const receiptHash = await hashReceipt(ctx, receipt);
  const { reference } = await fileReport(ctx, {
    fields,
    file: input.file,
    filer: { kind: 'guest' },
    organizationId,
    withinTransaction: (tx, report) =>
      repo.insertReceipt(tx, {
        reportId: report.id,
        lookupKey: receiptLookupKey(ctx, receipt),
        receiptHash,
      }),
  });
  return {
    receipt: formatReceipt(receipt),
    reference,
    // The day only: the page needs no more, and an instant would be one more thing to match.
    submitted_at: new Date().toISOString().slice(0, 10),
    organization_name: organization?.name ?? null,
  };
}
