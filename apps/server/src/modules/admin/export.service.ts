import { Readable } from 'node:stream';
import { type AdminExportQuery, exportColumns } from '@candor/contract/admin';
import { stringify } from 'csv-stringify';
import type { AppContext } from '../../context';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { DESCRIPTION_PURPOSE } from '../reports/report-view';
import type { ReportRecord } from '../reports/reports.service';
import * as repo from './admin.repository';
import { filterOf } from './admin.service';

/** Reports read per query while exporting: only one batch is in memory at a time. */
export const EXPORT_BATCH = 500;

type ExportRow = Record<(typeof exportColumns)[number] | 'description', string>;

const iso = (value: Date | null) => (value ? value.toISOString() : '');

/**
 * One line of the export. An anonymous report (or one filed without an account) carries no
 * identity: its `submitted_by` is empty, as for every other anonymous report (docs/design.md "Anonymity design").
 */
function toRow(ctx: AppContext, record: ReportRecord, withDescription: boolean): ExportRow {
  const row: ExportRow = {
    reference: record.reference,
    title: record.title,
    category: record.category,
    status: record.status,
    priority: record.priorityFlag ? 'yes' : 'no',
    anonymous: record.isAnonymous ? 'yes' : 'no',
    submitted_by: record.isAnonymous ? '' : (record.ownerUsername ?? ''),
    submitted_at: iso(record.submittedAt),
    acknowledge_by: iso(record.acknowledgeBy),
    acknowledged_at: iso(record.acknowledgedAt),
    feedback_by: iso(record.feedbackBy),
    feedback_at: iso(record.feedbackAt),
    description: '',
  };
  if (withDescription)
    row.description = ctx.sealer.openText(record.description, DESCRIPTION_PURPOSE);
  return row;
}

/** Every report the filters match, read batch after batch from where the last one ended. */
export async function* exportRecords(
  ctx: AppContext,
  filter: repo.AdminReportFilter,
  order: AdminExportQuery['order'],
  options: { batch?: number; onBatch?: (size: number) => void } = {},
): AsyncGenerator<ReportRecord> {
  let cursor: repo.ExportCursor | null = null;
  for (;;) {
    const batch = await repo.findReportsAfter(
      ctx.db,
      filter,
      order ?? 'newest',
      cursor,
      options.batch ?? EXPORT_BATCH,
    );
    if (batch.records.length === 0) return;
    options.onBatch?.(batch.records.length);
    yield* batch.records;
    cursor = batch.cursor;
  }
}

/**
 * The CSV of the reports an admin administers, with the list's filters (docs/api.md "Exports"):
 * audited before the first byte, streamed in batches, and every cell that a spreadsheet would
 * take for a formula (starting with =, +, -, @, tab or carriage return) prefixed with `'`.
 */
export async function exportReports(
  ctx: AppContext,
  admin: AuthUser,
  query: AdminExportQuery,
): Promise<Readable> {
  const { description, order, ...filters } = query;
  const filter = await filterOf(ctx, admin, filters);
  const withDescription = description === 'true';
  // The search text is free text: it may name a person, and the audit log keeps every row for
  // good. Whether one narrowed the export is recorded, never what it was.
  const { q, ...audited } = filters;
  await insertAuditEntry(ctx.db, {
    actorUserId: admin.id,
    actorRole: admin.isSuperuser ? 'superuser' : 'admin',
    action: 'reports.exported',
    objectType: 'report',
    objectId: null,
    details: {
      filters: { ...audited, ...(q && { search: true }), order: order ?? 'newest' },
      description: withDescription,
    },
  });
  const columns = withDescription ? [...exportColumns, 'description'] : [...exportColumns];
  const rows = Readable.from(
    (async function* () {
      for await (const record of exportRecords(ctx, filter, order)) {
        yield toRow(ctx, record, withDescription);
      }
    })(),
  );
  const csv = stringify({ header: true, columns, escape_formulas: true, bom: false });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}
