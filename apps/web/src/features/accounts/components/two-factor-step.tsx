import type { TokenPair } from '@candor/contract/accounts';
import type { RecoveryCodeInput, TwoFactorCodeInput } from '@candor/contract/two-factor';
import { useState } from 'react';
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

// The forms' schemas arrive with their first check, not with the login page (bench/README.md).
const loadCodeSchema = () =>
  import('@candor/contract/two-factor').then((contract) => contract.twoFactorCodeInputSchema);
const loadRecoveryCodeSchema = () =>
  import('@candor/contract/two-factor').then((contract) => contract.recoveryCodeInputSchema);

function AuthenticatorCodeForm({
  challenge,
  onSignedIn,
  onSwitch,
}: StepProps & { onSwitch(): void }) {
  const request = useCompleteTwoFactorLogin();
  const { field, message, setMessage, onSubmit, errorSummary } = useContractForm(loadCodeSchema, {
    defaultValues: { code: '' },
    requiredMessages: { code: 'Enter the code from your app.' },
  });
  const send = (input: TwoFactorCodeInput) =>
    request.mutate(
      { challenge, code: input.code },
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
      title="Two-factor authentication"
      lead="Enter the 6-digit code your authenticator app shows for Candor."
      onSubmit={onSubmit(send)}
      message={message}
      errorSummary={errorSummary({ code: 'Authentication code' })}
      submit={{ label: 'Verify', busyLabel: 'Verifying...' }}
      request={request}
      footer={
        <div className="mt-6 text-center">
          <Button variant="ghost" onClick={onSwitch}>
            Use a recovery code
          </Button>
        </div>
      }
    >
      <TextField
        label="Authentication code"
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus
        {...field('code')}
      />
    </AuthCard>
  );
}

function RecoveryCodeForm({ challenge, onSignedIn, onSwitch }: StepProps & { onSwitch(): void }) {
  const request = useCompleteTwoFactorLogin();
  const { field, message, setMessage, onSubmit, errorSummary } = useContractForm(
    loadRecoveryCodeSchema,
    {
      defaultValues: { recovery_code: '' },
      requiredMessages: { recovery_code: 'Enter one of your recovery codes.' },
    },
  );
  const send = (input: RecoveryCodeInput) =>
    request.mutate(
      { challenge, recovery_code: input.recovery_code },
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
      title="Use a recovery code"
      lead="Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once."
      onSubmit={onSubmit(send)}
      message={message}
      errorSummary={errorSummary({ recovery_code: 'Recovery code' })}
      submit={{ label: 'Verify', busyLabel: 'Verifying...' }}
      request={request}
      footer={
        <div className="mt-6 text-center">
          <Button variant="ghost" onClick={onSwitch}>
            Use your authenticator app
          </Button>
        </div>
      }
    >
      <TextField
        label="Recovery code"
        required
        autoComplete="off"
        spellCheck={false}
        autoFocus
        {...field('recovery_code')}
      />
    </AuthCard>
  );
}

/** The login's second step for an account with a second factor (README "Second factor"). */
export function TwoFactorStep(props: StepProps) {
  const [isRecovery, setIsRecovery] = useState(false);
  return isRecovery ? (
    <RecoveryCodeForm {...props} onSwitch={() => setIsRecovery(false)} />
  ) : (
    <AuthenticatorCodeForm {...props} onSwitch={() => setIsRecovery(true)} />
  );
}
