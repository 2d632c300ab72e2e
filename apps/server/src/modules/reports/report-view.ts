import type { Report } from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { sealedColumns, sealedFiles } from '../../db/sealed-columns';
import { purgeDayOf } from '../../lib/day';
import { signEvidenceLink } from '../../lib/file-links';
import { toVoicePayload } from '../voice/voice.service';
import type { ReportRecord } from './reports.repository';

export const DESCRIPTION_PURPOSE = sealedColumns.reportDescription.purpose;
export const EVIDENCE_PURPOSE = sealedFiles.evidence.purpose;

/**
 * The one place a report row becomes a payload (as in the original product). The reporter of an anonymous
 * report is never named, whoever asks (docs/design.md "Anonymity design").
 */
export function toReportPayload(
  ctx: AppContext,
  record: ReportRecord,
  /** Its description as just sealed, when the caller has it: not opened again. */
  known?: { description: string },
): Report {
  const hasOrganization = record.organizationId !== null && record.organizationName !== null;
  return {
    id: record.id,
    title: record.title,
    description: known?.description ?? ctx.sealer.openText(record.description, DESCRIPTION_PURPOSE),
    category: record.category,
    status: record.status,
    submitted_at: record.submittedAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    resolved_at: record.resolvedAt?.toISOString() ?? null,
    priority_flag: record.priorityFlag,
    is_anonymous: record.isAnonymous,
    // The plan is the reporter's: an anonymous report shows nobody's (docs/design.md).
    is_premium_report: !record.isAnonymous && record.isPremiumReport,
    file_upload: record.evidenceKey ? signEvidenceLink(ctx, record.id) : null,
    file_kind: record.evidenceMime
      ? record.evidenceMime.startsWith('video/')
        ? 'video'
        : 'image'
      : null,
    request_type: hasOrganization ? 'organization' : null,
    organization_name: hasOrganization ? record.organizationName : null,
    organization_type: hasOrganization ? record.organizationType : null,
    justification: hasOrganization ? record.organizationJustification : null,
    token: record.reference,
    submitted_by_username: record.isAnonymous ? null : record.ownerUsername,
    destination: record.organizationId === null ? 'platform' : 'organization',
    is_guest: record.isGuest,
    acknowledge_by: record.acknowledgeBy.toISOString(),
    acknowledged_at: record.acknowledgedAt?.toISOString() ?? null,
    feedback_by: record.feedbackBy.toISOString(),
    feedback_at: record.feedbackAt?.toISOString() ?? null,
    purge_on: purgeDayOf(
      ctx.config.retention.days,
      record.closedOn,
      record.organizationId === null ? null : record.organizationRetentionDays,
    ),
    voice: toVoicePayload(ctx, record.voice),
  };
}
