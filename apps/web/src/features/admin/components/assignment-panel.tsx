import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { useAuth } from '@/lib/auth/auth-context';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useAdminReport, useAssignReport, useHandlers } from '../api/assign-report';

/**
 * The report page's assignment, for its administrators: who has the case, "Take this case", and
 * assigning it to any handler of the scope (or nobody). Every handler is offered: the server
 * refuses one who may not have it, in words that give no reason.
 */
export function AssignmentPanel({ reportId }: { reportId: number }) {
  const t = useT();
  const { user } = useAuth();
  const report = useAdminReport(reportId);
  const handlers = useHandlers();
  const assign = useAssignReport();
  const [chosen, setChosen] = useState('');
  const headingId = useId();
  const assignee = report.data?.assigned_to ?? null;
  const failed = assign.error ? (serverDetail(assign.error) ?? t('admin.assignment.failed')) : null;
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          {t('admin.assignment.heading')}
        </h2>
        <p className="text-sm text-ink">
          {report.isPending
            ? t('admin.assignment.loading')
            : assignee
              ? assignee.id === user?.user_id
                ? t('admin.assignment.toYou')
                : t('admin.card.assignedTo', { name: assignee.username })
              : t('admin.card.unassigned')}
        </p>
        <div className="flex flex-wrap items-end gap-3">
          {!assignee && (
            <Button
              disabled={assign.isPending}
              onClick={() => assign.mutate({ id: reportId, take: true })}
            >
              {t('admin.assignment.take')}
            </Button>
          )}
          <SelectField
            label={t('admin.assignment.assignTo')}
            placeholder={t('admin.assignment.choose')}
            options={(handlers.data ?? []).map((handler) => ({
              value: String(handler.id),
              label:
                handler.id === user?.user_id
                  ? t('admin.assignment.you', { name: handler.username })
                  : handler.username,
            }))}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={assign.isPending || chosen === ''}
            onClick={() => assign.mutate({ id: reportId, assignee_id: Number(chosen) })}
          >
            {t('admin.assignment.assign')}
          </Button>
          {assignee && (
            <Button
              variant="ghost"
              disabled={assign.isPending}
              onClick={() => assign.mutate({ id: reportId, assignee_id: null })}
            >
              {t('admin.assignment.unassign')}
            </Button>
          )}
        </div>
        {failed && <Alert tone="error">{failed}</Alert>}
      </section>
    </Card>
  );
}
