import type { TokenPair } from '@candor/contract/accounts';
import type { TwoFactorLoginInput } from '@candor/contract/two-factor';
import { type InputHTMLAttributes, useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useCompleteTwoFactorLogin } from '../api/complete-two-factor-login';
import { AuthCard } from './auth-card';

type StepProps = {
  challenge: string;
  /** Called with the login once the code was accepted. */
  onSignedIn(tokens: TokenPair): void;
};

type CodeField = 'code' | 'recovery_code';
type CodeValues = Partial<Record<CodeField, string>>;

/** What tells the two forms of the second step apart: the field, its schema and their words' ids. */
type CodeFormTexts = {
  field: CodeField;
  loadSchema(): Promise<z.ZodType<unknown, CodeValues>>;
  labelId: string;
  requiredId: string;
  titleId: string;
  leadId: string;
  /** The button to the other form. */
  switchId: string;
  input: InputHTMLAttributes<HTMLInputElement>;
};

// The forms' schemas arrive with their first check, not with the login page (bench/README.md).
const authenticatorCode: CodeFormTexts = {
  field: 'code',
  loadSchema: () =>
    import('@candor/contract/two-factor').then((contract) => contract.twoFactorCodeInputSchema),
  labelId: 'accounts.twoFactorStep.codeLabel',
  requiredId: 'accounts.twoFactorStep.codeRequired',
  titleId: 'accounts.twoFactorStep.codeTitle',
  leadId: 'accounts.twoFactorStep.codeLead',
  switchId: 'accounts.twoFactorStep.useRecovery',
  input: { autoComplete: 'one-time-code', inputMode: 'numeric' },
};

const recoveryCode: CodeFormTexts = {
  field: 'recovery_code',
  loadSchema: () =>
    import('@candor/contract/two-factor').then((contract) => contract.recoveryCodeInputSchema),
  labelId: 'accounts.twoFactorStep.recoveryLabel',
  requiredId: 'accounts.twoFactorStep.recoveryRequired',
  titleId: 'accounts.twoFactorStep.useRecovery',
  leadId: 'accounts.twoFactorStep.recoveryLead',
  switchId: 'accounts.twoFactorStep.useApp',
  input: { autoComplete: 'off', spellCheck: false },
};

/** One form of the second step: an authenticator code or a recovery code, with the challenge. */
function CodeForm({
  texts,
  challenge,
  onSignedIn,
  onSwitch,
}: StepProps & { texts: CodeFormTexts; onSwitch(): void }) {
  const t = useT();
  const { field: name } = texts;
  const label = t(texts.labelId);
  const request = useCompleteTwoFactorLogin();
  const { field, message, setMessage, onSubmit, errorSummary } = useContractForm(texts.loadSchema, {
    defaultValues: { [name]: '' },
    requiredMessages: { [name]: t(texts.requiredId) },
  });
  const send = (input: CodeValues) =>
    request.mutate(
      (name === 'code'
        ? { challenge, code: input.code ?? '' }
        : { challenge, recovery_code: input.recovery_code ?? '' }) satisfies TwoFactorLoginInput,
      {
        onSuccess: (tokens) => {
          setMessage({ tone: 'success', text: t('accounts.login.success') });
          onSignedIn(tokens);
        },
        onError: (error) =>
          setMessage({
            tone: 'error',
            text: serverDetail(error) ?? t('accounts.twoFactorStep.failed'),
          }),
      },
    );
  return (
    <AuthCard
      title={t(texts.titleId)}
      lead={t(texts.leadId)}
      onSubmit={onSubmit(send)}
      message={message}
      errorSummary={errorSummary({ [name]: label })}
      submit={{
        label: t('accounts.twoFactorStep.verify'),
        busyLabel: t('accounts.twoFactorStep.verifying'),
      }}
      request={request}
      footer={
        <div className="mt-6 text-center">
          <Button variant="ghost" onClick={onSwitch}>
            {t(texts.switchId)}
          </Button>
        </div>
      }
    >
      <TextField label={label} required autoFocus {...texts.input} {...field(name)} />
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
