import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary } from '@/components/ui/error-summary';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, humanize } from '@/lib/format';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSearchParams } from '@/lib/router';
import { useIsHydrated } from '@/lib/use-hydrated';
import { useCertificateVerdict, type Verdict, type VerifyInput } from '../api/verify-certificate';

export const VERDICT_TEXTS = {
  genuine: 'This certificate is genuine.',
  notValid:
    'This certificate is not valid: no resolved report has this reference number and verification code. Check that both are typed exactly as printed.',
  badInput:
    'This is not a reference number and verification code: each is printed on the certificate, the code as three groups of four letters and digits (for example ABCD-EFGH-2345).',
  unreachable: 'The page could not reach Candor to check the certificate. Please try again.',
  tooMany: 'Too many certificates have been checked from here. Try again in a minute.',
} as const;

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
  const { certificate } = verdict;
  const rows: [string, string | null][] = [
    ['Reference number', certificate.reference],
    ['Category', certificate.category && humanize(certificate.category)],
    ['Submitted', certificate.submitted_at && formatDateTime(certificate.submitted_at)],
    ['Resolved', certificate.resolved_at && formatDateTime(certificate.resolved_at)],
  ];
  return (
    <div className="space-y-4">
      <Alert tone="success">
        {VERDICT_TEXTS.genuine} The report it names was resolved by the administrators responsible
        for it.
      </Alert>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">
        Only what the certificate itself shows is confirmed here: nothing about who sent the report.
      </p>
    </div>
  );
}

/** The verdict on the reference and code in the address, once the browser draws on its own. */
function VerdictPanel({ input }: { input: VerifyInput }) {
  const verdict = useCertificateVerdict(input);
  if (verdict.isPending) return <LoadingState label="Checking the certificate..." />;
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
    <Page
      title="Check a certificate"
      lead="A certificate of resolution says a report was resolved. Check that one is genuine with the reference number and verification code printed on it."
    >
      <div className="space-y-6">
        {input && (
          <section aria-label="Verdict" aria-live="polite">
            <VerdictPanel input={input} />
          </section>
        )}
        <Card>
          <form noValidate onSubmit={onSubmit((values) => setParams(values))} className="space-y-5">
            <ErrorSummary
              {...form.errorSummary({ reference: 'Reference number', code: 'Verification code' })}
            />
            <TextField
              label="Reference number"
              autoComplete="off"
              spellCheck={false}
              required
              {...field('reference')}
            />
            <TextField
              label="Verification code"
              hint="Three groups of four letters and digits, for example ABCD-EFGH-2345."
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              {...field('code')}
            />
            <Button type="submit" size="lg">
              Check the certificate
            </Button>
          </form>
        </Card>
      </div>
    </Page>
  );
}
