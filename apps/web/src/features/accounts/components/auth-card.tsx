import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/ui/error-summary';
import { PageHeading } from '@/components/ui/page-heading';
import type { FormMessage } from '@/lib/forms/use-contract-form';
import { Link } from '@/lib/router';
import { StillTrying } from '@/lib/still-trying';

type AuthCardProps = {
  title: string;
  lead: string;
  /** Shown above the form, such as why a guarded page sent the visitor here. */
  notice?: ReactNode;
  onSubmit: FormEventHandler;
  message: FormMessage | null;
  /** The fields' problems after a failed attempt to send (see `useContractForm`). */
  errorSummary: { items: readonly ErrorSummaryItem[]; attempt: number };
  submit: { label: string; busyLabel: string };
  /** The request the form sends: the button is busy while it runs and off once it succeeded. */
  request: { isPending: boolean; isSuccess: boolean };
  /** Stops the request: given, a request running for long says so and offers it. */
  onStopWaiting?: () => void;
  /** The link to the other form, with the state to carry there (where to go afterwards). */
  other?: { question: string; to: string; label: string; state?: unknown };
  /** Shown under the form instead of `other` (the second step's other way to sign in). */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * The sign-in and sign-up forms: fields, the outcome, the button and a link to the other. A
 * failure takes focus (the summary of the fields' problems, or the server's answer), so nobody
 * is left wondering why nothing happened.
 */
export function AuthCard({
  title,
  lead,
  notice,
  onSubmit,
  message,
  errorSummary,
  submit,
  request,
  onStopWaiting,
  other,
  footer,
  children,
}: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card className="p-8">
        <PageHeading className="text-2xl font-bold text-brand-900">{title}</PageHeading>
        <p className="mt-1 text-muted">{lead}</p>
        <div className="mt-6">
          {notice}
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <ErrorSummary {...errorSummary} />
            {children}
            {message && (
              <Alert
                tone={message.tone}
                // The summary takes focus when fields are at fault; otherwise the failure does.
                focusKey={
                  message.tone === 'error' && errorSummary.items.length === 0 ? message : undefined
                }
              >
                {message.text}
              </Alert>
            )}
            {onStopWaiting && (
              <StillTrying isPending={request.isPending} onCancel={onStopWaiting} />
            )}
            <Button
              type="submit"
              className="w-full"
              disabled={request.isSuccess}
              isBusy={request.isPending}
              busyLabel={submit.busyLabel}
            >
              {submit.label}
            </Button>
          </form>
          {other && (
            <p className="mt-6 text-center text-sm text-muted">
              {other.question}{' '}
              <Link
                to={other.to}
                state={other.state}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
              >
                {other.label}
              </Link>
            </p>
          )}
          {footer}
        </div>
      </Card>
    </div>
  );
}
