import { CircleAlert, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useAuditChain } from '../api/get-audit-chain';

/**
 * The state of the audit log's hash chain (docs/operating.md "Operating Candor"): intact, or where it was
 * tampered with. The server checks every row each time it is asked.
 */
export function AuditChainCard() {
  const t = useT();
  const chain = useAuditChain();
  const state = chain.data;
  return (
    <Card aria-labelledby="audit-chain-heading" role="region" className="mb-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <h2 id="audit-chain-heading" className="text-lg font-semibold text-brand-900">
            {t('audit.chain.heading')}
          </h2>
          {chain.isPending && <p className="mt-2 text-muted">{t('audit.chain.checking')}</p>}
          {chain.isError && !state && (
            <p className="mt-2 text-sm text-red-800">{t('audit.chain.failed')}</p>
          )}
          {state?.is_intact && (
            <div className="mt-2" role="status">
              <p className="flex items-center gap-2 font-semibold text-green-800">
                <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
                {t('audit.chain.intact')}
              </p>
              <p className="mt-1 text-sm text-muted">
                {t('audit.chain.rows', { count: state.rows })}
              </p>
            </div>
          )}
          {state && !state.is_intact && (
            <div
              role="alert"
              className="mt-2 rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-red-900"
            >
              <p className="flex items-center gap-2 font-semibold">
                <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
                {t('audit.chain.tampered')}
              </p>
              <p className="mt-1 text-sm">{state.summary}</p>
            </div>
          )}
          {state && (
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted">{t('audit.chain.head')}</dt>
              <dd className="font-mono text-xs wrap-anywhere">{state.head}</dd>
              <dt className="text-muted">{t('audit.chain.checked')}</dt>
              <dd>
                <time dateTime={state.checked_at}>{formatDateTime(state.checked_at)}</time>
              </dd>
            </dl>
          )}
        </div>
        <Button
          variant="secondary"
          onClick={() => void chain.refetch()}
          disabled={chain.isFetching}
          aria-describedby="audit-chain-heading"
        >
          {chain.isFetching ? t('audit.chain.busy') : t('audit.chain.again')}
        </Button>
      </div>
    </Card>
  );
}
