import type { CertificateVerification } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

export type VerifyInput = { reference: string; code: string };

/**
 * What the page says of a reference and code: `genuine` (with what the certificate may show),
 * `not-valid` (well formed, but no resolved report has that reference and code), `bad-input` (not
 * a reference and code at all: empty, or too long). A failure to reach the server is the query's
 * error.
 */
export type Verdict =
  | { kind: 'genuine'; certificate: CertificateVerification }
  | { kind: 'not-valid' }
  | { kind: 'bad-input' };

/** Asks `GET /api/reports/certificates/verify/` without any token: anyone may check. */
export async function verifyCertificate(input: VerifyInput): Promise<Verdict> {
  // The contract's rules, loaded with the first check (zod stays out of the page's first load).
  const { verifyCertificateQuerySchema } = await import('@candor/contract/reports');
  if (!verifyCertificateQuerySchema.safeParse(input).success) return { kind: 'bad-input' };
  const query = new URLSearchParams({ reference: input.reference, code: input.code });
  try {
    const answer = await apiFetch<CertificateVerification>(
      `/api/reports/certificates/verify/?${query}`,
      { auth: false },
    );
    return answer.valid ? { kind: 'genuine', certificate: answer } : { kind: 'not-valid' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { kind: 'bad-input' };
    throw error;
  }
}

export function useCertificateVerdict(input: VerifyInput | null) {
  return useQuery({
    queryKey: ['certificate-verdict', input?.reference, input?.code],
    queryFn: () => verifyCertificate(input as VerifyInput),
    enabled: input !== null,
    // A verdict does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
