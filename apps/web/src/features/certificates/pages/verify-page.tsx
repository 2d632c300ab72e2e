import { useEffect } from 'react';
import { categoryWord } from '@/components/report/report-words';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary } from '@/components/ui/error-summary';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { t as translate, useT } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { useIsHydrated } from '@/lib/use-hydrated';
import { useCertificateVerdict, type Verdict, type VerifyInput } from '../api/verify-certificate';

/** The verdicts in words, each read in the language of the moment. */
export const VERDICT_TEXTS = {
  get genuine() {
    return translate('certificates.verdict.genuine');
  },
  get notValid() {
    return translate('certificates.verdict.notValid');
  },
  get badInput() {
    return translate('certificates.verdict.badInput');
  },
  get unreachable() {
    return translate('certificates.verdict.unreachable');
  },
  get tooMany() {
    return translate('certificates.verdict.tooMany');
  },
};

/** The form's schema arrives with its first check, not with the page. */
const loadQuerySchema = () =>
  import('@candor/contract/reports').then((contract) => contract.verifyCertificateQuerySchema);

/** The reference and code in the address, when it has either. */
function inputOf(params: URLSearchParams): VerifyInput | null {
  const reference = params.get('reference');
  const code = params.get('code');
  if (reference === null && code === null) return null;
  return { reference: reference ?? '', code: code ?? '' };
}

function GenuineCertificate({ verdict }: { verdict: Extract<Verdict, { kind: 'genuine' }> }) {
  const t = useT();
  const { certificate } = verdict;
  const rows: [string, string | null][] = [
    [t('certificates.form.reference'), certificate.reference],
    [
      t('certificates.genuine.category'),
      certificate.category && categoryWord(certificate.category),
    ],
    [
      t('certificates.genuine.submitted'),
      certificate.submitted_at && formatDateTime(certificate.submitted_at),
    ],
    [
      t('certificates.genuine.resolved'),
      certificate.resolved_at && formatDateTime(certificate.resolved_at),
    ],
  ];
  return (
    <div className="space-y-4">
      <Alert tone="success">
        {VERDICT_TEXTS.genuine} {t('certificates.genuine.resolvedBy')}
      </Alert>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">{t('certificates.genuine.only')}</p>
    </div>
  );
}

/** The verdict on the reference and code in the address, once the browser draws on its own. */
function VerdictPanel({ input }: { input: VerifyInput }) {
  const t = useT();
  const verdict = useCertificateVerdict(input);
  if (verdict.isPending) return <LoadingState label={t('certificates.verdict.checking')} />;
  if (verdict.isError) {
    const tooMany = verdict.error instanceof ApiError && verdict.error.status === 429;
    return (
      <Alert tone="error" focusKey={verdict.errorUpdatedAt}>
        {tooMany ? VERDICT_TEXTS.tooMany : VERDICT_TEXTS.unreachable}
      </Alert>
    );
  }
  const result = verdict.data;
  if (result.kind === 'genuine') return <GenuineCertificate verdict={result} />;
  return (
    <Alert tone="error" focusKey={input}>
      {result.kind === 'not-valid' ? VERDICT_TEXTS.notValid : VERDICT_TEXTS.badInput}
    </Alert>
  );
}

/**
 * `/verify?reference=&code=`: the address printed on a certificate of resolution. Anyone holding
 * one sees in words whether it is genuine; without a reference and code, the page asks for them.
 */
export function VerifyPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const isHydrated = useIsHydrated();
  // The page drawn at build time has no address query: what it holds shows once the app draws.
  const input = isHydrated ? inputOf(params) : null;
  const form = useContractForm(loadQuerySchema, {
    defaultValues: { reference: '', code: '' },
  });
  const { field, onSubmit, reset } = form;
  // The form shows what the address holds (a certificate's link), to correct and check again.
  const reference = input?.reference;
  const code = input?.code;
  useEffect(() => {
    if (reference !== undefined && code !== undefined) reset({ reference, code });
  }, [reference, code, reset]);

  return (
    <Page title={t('certificates.page.title')} lead={t('certificates.page.lead')}>
      <div className="space-y-6">
        {input && (
          <section aria-label={t('certificates.page.verdict')} aria-live="polite">
            <VerdictPanel input={input} />
          </section>
        )}
        <Card>
          <form noValidate onSubmit={onSubmit((values) => setParams(values))} className="space-y-5">
            <ErrorSummary
              {...form.errorSummary({
                reference: t('certificates.form.reference'),
                code: t('certificates.form.code'),
              })}
            />
            <TextField
              label={t('certificates.form.reference')}
              autoComplete="off"
              spellCheck={false}
              required
              {...field('reference')}
            />
            <TextField
              label={t('certificates.form.code')}
              hint={t('certificates.form.codeHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              {...field('code')}
            />
            <Button type="submit" size="lg">
              {t('certificates.form.submit')}
            </Button>
          </form>
        </Card>
      </div>
    </Page>
  );
}
