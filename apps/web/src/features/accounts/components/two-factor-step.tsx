import type { TokenPair } from '@candor/contract/accounts';
import type { TwoFactorLoginInput } from '@candor/contract/two-factor';
import { type InputHTMLAttributes, useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useCompleteTwoFactorLogin } from '../api/complete-two-factor-login';
import { AuthCard } from './auth-card';

type StepProps = {
  challenge: string;
  /** Called with the login once the code was accepted. */
  onSignedIn(tokens: TokenPair): void;
};

const FAILED = 'Could not check the code. Please try again.';

type CodeField = 'code' | 'recovery_code';
type CodeValues = Partial<Record<CodeField, string>>;

/** What tells the two forms of the second step apart: the field, its schema and their words. */
type CodeFormTexts = {
  field: CodeField;
  loadSchema(): Promise<z.ZodType<unknown, CodeValues>>;
  label: string;
  requiredMessage: string;
  title: string;
  lead: string;
  /** The button to the other form. */
  switchLabel: string;
  input: InputHTMLAttributes<HTMLInputElement>;
};

// The forms' schemas arrive with their first check, not with the login page (bench/README.md).
const authenticatorCode: CodeFormTexts = {
  field: 'code',
  loadSchema: () =>
    import('@candor/contract/two-factor').then((contract) => contract.twoFactorCodeInputSchema),
  label: 'Authentication code',
  requiredMessage: 'Enter the code from your app.',
  title: 'Two-factor authentication',
  lead: 'Enter the 6-digit code your authenticator app shows for Candor.',
  switchLabel: 'Use a recovery code',
  input: { autoComplete: 'one-time-code', inputMode: 'numeric' },
};

const recoveryCode: CodeFormTexts = {
  field: 'recovery_code',
  loadSchema: () =>
    import('@candor/contract/two-factor').then((contract) => contract.recoveryCodeInputSchema),
  label: 'Recovery code',
  requiredMessage: 'Enter one of your recovery codes.',
  title: 'Use a recovery code',
  lead: 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.',
  switchLabel: 'Use your authenticator app',
  input: { autoComplete: 'off', spellCheck: false },
};

/** One form of the second step: an authenticator code or a recovery code, with the challenge. */
function CodeForm({
  texts,
  challenge,
  onSignedIn,
  onSwitch,
}: StepProps & { texts: CodeFormTexts; onSwitch(): void }) {
  const { field: name } = texts;
  const request = useCompleteTwoFactorLogin();
  const { field, message, setMessage, onSubmit, errorSummary } = useContractForm(texts.loadSchema, {
    defaultValues: { [name]: '' },
    requiredMessages: { [name]: texts.requiredMessage },
  });
  const send = (input: CodeValues) =>
    request.mutate(
      (name === 'code'
        ? { challenge, code: input.code ?? '' }
        : { challenge, recovery_code: input.recovery_code ?? '' }) satisfies TwoFactorLoginInput,
      {
        onSuccess: (tokens) => {
          setMessage({ tone: 'success', text: 'Logged in successfully!' });
          onSignedIn(tokens);
        },
        onError: (error) => setMessage({ tone: 'error', text: serverDetail(error) ?? FAILED }),
      },
    );
  return (
    <AuthCard
      title={texts.title}
      lead={texts.lead}
      onSubmit={onSubmit(send)}
      message={message}
      errorSummary={errorSummary({ [name]: texts.label })}
      submit={{ label: 'Verify', busyLabel: 'Verifying...' }}
      request={request}
      footer={
        <div className="mt-6 text-center">
          <Button variant="ghost" onClick={onSwitch}>
            {texts.switchLabel}
          </Button>
        </div>
      }
    >
      <TextField label={texts.label} required autoFocus {...texts.input} {...field(name)} />
    </AuthCard>
  );
}

/** The login's second step for an account with a second factor (docs/operating.md "Second factor"). */
export function TwoFactorStep(props: StepProps) {
  const [isRecovery, setIsRecovery] = useState(false);
  // Keyed, so switching starts the other form afresh.
  return isRecovery ? (
    <CodeForm
      key="recovery"
      {...props}
      texts={recoveryCode}
      onSwitch={() => setIsRecovery(false)}
    />
  ) : (
    <CodeForm
      key="code"
      {...props}
      texts={authenticatorCode}
      onSwitch={() => setIsRecovery(true)}
    />
  );
}
