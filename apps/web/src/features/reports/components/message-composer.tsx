import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';

type MessageComposerProps = {
  label: string;
  hint?: string;
  buttonLabel: string;
  variant?: 'primary' | 'note';
  isSending: boolean;
  sendError: string;
  /** More controls of the message, above its button (an administrator's "mark as feedback"). */
  extra?: ReactNode;
  /** Sends the text; resolves false when it could not be sent. */
  onSend(text: string): Promise<boolean>;
};

/**
 * A message box (spec section 2: 3 rows) and its button, which stays off for blank text. The box
 * empties as the message leaves, not when the answer comes back (that would wipe what the writer
 * has started typing since); a message that failed comes back unless something new was typed.
 */
export function MessageComposer({
  label,
  hint,
  buttonLabel,
  variant = 'primary',
  isSending,
  sendError,
  extra,
  onSend,
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const [failed, setFailed] = useState<object | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const sent = text;
    setText('');
    setFailed(null);
    if (!(await onSend(sent))) {
      setFailed({});
      setText((current) => (current === '' ? sent : current));
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <TextAreaField
        label={label}
        hint={hint}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {extra}
      {failed && (
        <Alert tone="error" focusKey={failed}>
          {sendError}
        </Alert>
      )}
      <Button
        type="submit"
        variant={variant}
        disabled={!text.trim()}
        isBusy={isSending}
        busyLabel="Sending..."
      >
        {buttonLabel}
      </Button>
    </form>
  );
}
