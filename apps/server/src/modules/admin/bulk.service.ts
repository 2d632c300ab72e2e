import type { BulkAction, BulkInput, BulkResult } from '@candor/contract/tags';
import type { AppContext } from '../../context';
import { AppError, BadRequestError } from '../../lib/errors';
import type { AuthUser } from '../auth/caller';
import { changeReportTag, findTag, NO_SUCH_TAG } from '../tags/tags.service';
import { assignReport, updateStatus } from './admin.service';

function applyTo(ctx: AppContext, admin: AuthUser, id: number, action: BulkAction) {
  switch (action.kind) {
    case 'assign':
      return assignReport(ctx, admin, id, action.assignee_id);
    case 'take':
      return assignReport(ctx, admin, id, admin.id, { take: true });
    case 'tag':
      return changeReportTag(ctx, admin, id, action.tag_id, action.remove);
    case 'status':
      return updateStatus(ctx, admin, id, { status: action.status });
  }
}

/**
 * One action on several reports of the caller's list (docs/api.md "Bulk actions"). Each report is
 * checked and changed on its own, exactly as the one-report action does it (scope, exclusion,
 * conflict of interest, workflow, the conditional update of an assignment), each in its own
 * transaction with its own audit row: one refused leaves the others done. The answer says, for
 * each report in the order asked, whether it was done and, if not, why, in the words the
 * one-report action would have answered.
 */
export async function applyBulk(
  ctx: AppContext,
  admin: AuthUser,
  input: BulkInput,
): Promise<BulkResult> {
  const { action } = input;
  if (action.kind === 'tag' && !(await findTag(ctx.db, admin.organizationId, action.tag_id))) {
    throw new BadRequestError(NO_SUCH_TAG);
  }
  const results: BulkResult['results'] = [];
  for (const id of input.ids) {
    try {
      await applyTo(ctx, admin, id, action);
      results.push({ id, ok: true, error: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      results.push({ id, ok: false, error: error.detail });
    }
  }
  return { results };
}
