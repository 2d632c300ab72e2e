import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';

/** The ten recovery codes, shown this once, right after enrolment or after new ones were made. */
export function RecoveryCodes({
  codes,
  next,
  done = 'Two-factor authentication is on.',
}: {
  codes: string[];
  next: string;
  done?: string;
}) {
  return (
    <Card aria-labelledby="recovery-codes-heading" role="region">
      <Alert tone="success">{done}</Alert>
      <h2 id="recovery-codes-heading" className="mt-4 text-lg font-semibold text-brand-900">
        Save your recovery codes
      </h2>
      <p className="mt-2 text-ink">
        If you lose your phone, sign in with one of these codes instead of a code from the app. Each
        code works once. Keep them somewhere safe: they will not be shown again.
      </p>
      <ol className="mt-4 grid grid-cols-2 gap-2 font-mono text-ink" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-slate-100 px-3 py-2">
            {code}
          </li>
        ))}
      </ol>
      <LinkButton to={next} className="mt-6">
        I have saved my recovery codes
      </LinkButton>
    </Card>
  );
}
