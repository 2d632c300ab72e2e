import { paths } from '@/config/paths';
import { T, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';

/** The one-time code of an applicant without an account (docs/api.md "Becoming an administrator"). */
export function ClaimCodeNotice({ code }: { code: string }) {
  const t = useT();
  return (
    <div className="mt-4 rounded-lg border border-brand-600 bg-brand-50 p-4 text-sm text-brand-900">
      <p className="font-semibold">{t('access-requests.claimCode.heading')}</p>
      <p className="mt-2 font-mono text-lg tracking-wider" data-testid="claim-code">
        {code}
      </p>
      <p className="mt-2">
        <T
          id="access-requests.claimCode.explanation"
          components={[
            <Link
              key="register"
              to={`${paths.register}?code=${encodeURIComponent(code)}`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
            />,
          ]}
        />
      </p>
    </div>
  );
}
