import {
  createGuestReportFieldsSchema,
  type GuestReportCreated,
  type IntakeOrganization,
  type ProofOfWorkChallenge,
} from '@candor/contract/intake';
import type { Reader } from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ReportForm } from '../../lib/report-form';
import { readersOf, shownReaders } from '../reports/exclusions';
import { fileReport, parseReportFields } from '../reports/reports.service';
import * as repo from './intake.repository';
import { checkProofOfWork, levelForLoad, MoreWorkNeededError, newChallenge } from './proof-of-work';
import { formatReceipt, hashReceipt, newReceipt, receiptLookupKey } from './receipts';

export const GUEST_REPORTS_OFF =
  'This organisation does not take reports without an account at the moment.';

function toIntakeOrganization(row: repo.IntakeOrganizationRow): IntakeOrganization {
  return {
    slug: row.slug,
    name: row.name,
    type: row.type,
    accepts_guest_reports: row.guestReportsEnabled,
    default_language: row.defaultLanguage,
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

/** The counter of reports to one destination (an organisation, or the platform: 0) an hour. */
const destinationKey = (destination: number) => `intake-destination:${destination}`;
const HOUR_MS = 3_600_000;

/**
 * The work a challenge for this destination asks now (proof-of-work.ts): none extra while its
 * reports from everyone in the hour are within INTAKE_REPORTS_PER_ORGANIZATION_PER_HOUR, more as
 * they pass it, so a flood at one organisation costs its sender more and more and never closes
 * the channel to the organisation's real reporters.
 */
async function destinationLevel(ctx: AppContext, destination: number): Promise<number> {
  const state = await ctx.counters.peek(destinationKey(destination));
  // For the filing that will follow: it counts itself.
  return levelForLoad(state.count + 1, ctx.config.intake.perOrganizationPerHour);
}

/** A challenge for a filing to the link's organisation (by slug) or to the platform (null). */
export async function challengeFor(
  ctx: AppContext,
  slug: string | null,
): Promise<ProofOfWorkChallenge> {
  const destination = slug === null ? 0 : (await findBySlug(ctx, slug)).id;
  const purpose = { kind: 'intake', destination } as const;
  return newChallenge(ctx, purpose, await destinationLevel(ctx, destination));
}

/**
 * Files a report without an account, to an organisation (by slug) or to the platform (null).
 * The report is anonymous and has no owner; the answer carries its receipt, which is stored
 * only as hashes (receipts.ts) in the report's own transaction.
 */
export async function fileGuestReport(
  ctx: AppContext,
  slug: string | null,
  input: ReportForm,
): Promise<GuestReportCreated> {
  const organization = slug === null ? null : await findBySlug(ctx, slug);
  if (organization && !organization.guestReportsEnabled)
    throw new ForbiddenError(GUEST_REPORTS_OFF);
  const { proof, voice_token, ...fields } = parseReportFields(
    createGuestReportFieldsSchema,
    input.fields,
    input.voice !== null,
  );
  const organizationId = organization?.id ?? null;
  const destination = organizationId ?? 0;
  // Before any costly work on the file.
  const checked = await checkProofOfWork(ctx, proof, { kind: 'intake', destination });
  // Counted before the level is judged, so a burst sent at once is counted as what it is.
  const state = await ctx.counters.hit(destinationKey(destination), HOUR_MS);
  if (checked.level < levelForLoad(state.count, ctx.config.intake.perOrganizationPerHour)) {
    await ctx.counters.giveBack(destinationKey(destination));
    throw new MoreWorkNeededError();
  }
  const receipt = newReceipt();
  const receiptHash = await hashReceipt(ctx, receipt);
  let deadlines: { acknowledgeBy: Date; feedbackBy: Date } | null = null;
  const { reference } = await fileReport(ctx, {
    fields,
    file: input.file,
    voice: input.voice ? { recording: input.voice, token: voice_token } : null,
    filer: { kind: 'guest' },
    organizationId,
    excludedReaders: fields.excluded_readers,
    withinTransaction: async (tx, report) => {
      // Accepted once, and only if the report is filed: a failed filing leaves it usable.
      await checked.spend(tx);
      await repo.insertReceipt(tx, {
        reportId: report.id,
        lookupKey: receiptLookupKey(ctx, receipt),
        receiptHash,
      });
      deadlines = await repo.findDeadlines(tx, report.id);
    },
  });
  if (!deadlines) throw new Error('The report was filed without its deadlines');
  const { acknowledgeBy, feedbackBy } = deadlines;
  const day = (instant: Date) => instant.toISOString().slice(0, 10);
  return {
    receipt: formatReceipt(receipt),
    reference,
    // The day only: the page needs no more, and an instant would be one more thing to match.
    submitted_at: new Date().toISOString().slice(0, 10),
    organization_name: organization?.name ?? null,
    // When to expect an answer (as /track shows later), by the day for the same reason.
    acknowledge_by: day(acknowledgeBy),
    feedback_by: day(feedbackBy),
  };
}

/** Who reads a report sent from this link (null: to the platform), each under their label. */
export async function intakeReaders(ctx: AppContext, slug: string | null): Promise<Reader[]> {
  const organization = slug === null ? null : await findBySlug(ctx, slug);
  return shownReaders(await readersOf(ctx, ctx.db, organization?.id ?? null));
}
