import { paths } from '@/config/paths';
import { Link } from '@/lib/router';

/** The one-time code of an applicant without an account (docs/api.md "Becoming an administrator"). */
export function ClaimCodeNotice({ code }: { code: string }) {
  return (
    <div className="mt-4 rounded-lg border border-brand-600 bg-brand-50 p-4 text-sm text-brand-900">
      <p className="font-semibold">Your invitation code</p>
      <p className="mt-2 font-mono text-lg tracking-wider" data-testid="claim-code">
        {code}
      </p>
      <p className="mt-2">
        Keep this code: it is shown only once. You do not have an account yet, so{' '}
        <Link
          to={`${paths.register}?code=${encodeURIComponent(code)}`}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
        >
          create your account with this code
        </Link>{' '}
        to receive the decision there. If your application is approved, the account becomes an
        administrator.
      </p>
    </div>
  );
}
