import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import { VoiceRecorder } from '@/components/voice/voice-recorder';
import { useT } from '@/lib/i18n';

type MessageComposerProps = {
  label: string;
  hint?: string;
  buttonLabel: string;
  variant?: 'primary' | 'note';
  isSending: boolean;
  sendError: string;
  /** More controls of the message, above its button (an administrator's "mark as feedback"). */
  extra?: ReactNode;
  /** Offers a voice message beside the text (disguised before it is sent). */
  allowVoice?: boolean;
  /** Sends the text and voice message; resolves false when they could not be sent. */
  onSend(text: string, voice: DisguisedVoice | null): Promise<boolean>;
  /** The text to start from (a kept draft), and news of every change to it. */
  initialText?: string;
  onTextChange?(text: string): void;
};

/**
 * A message box (as in the original product: 3 rows), a voice message when offered, and the button, which
 * stays off while there is neither text nor a recording. The box empties as the message leaves,
 * not when the answer comes back (that would wipe what the writer has started typing since); a
 * message that failed comes back unless something new was typed, and its recording with it.
 */
export function MessageComposer({
  label,
  hint,
  buttonLabel,
  variant = 'primary',
  isSending,
  sendError,
  extra,
  allowVoice = false,
  onSend,
  initialText = '',
  onTextChange,
}: MessageComposerProps) {
  const t = useT();
  const [text, setText] = useState(initialText);
  const told = useRef(onTextChange);
  told.current = onTextChange;
  useEffect(() => told.current?.(text), [text]);
  const [voice, setVoice] = useState<DisguisedVoice | null>(null);
  const [failed, setFailed] = useState<object | null>(null);
  const hasContent = Boolean(text.trim()) || voice !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasContent) return;
    const sent = text;
    const sentVoice = voice;
    setText('');
    setVoice(null);
    setFailed(null);
    if (!(await onSend(sent, sentVoice))) {
      setFailed({});
      setText((current) => (current === '' ? sent : current));
      setVoice((current) => current ?? sentVoice);
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
      {allowVoice && <VoiceRecorder value={voice} onChange={setVoice} disabled={isSending} />}
      {extra}
      {failed && (
        <Alert tone="error" focusKey={failed}>
          {sendError}
        </Alert>
      )}
      <Button
        type="submit"
        variant={variant}
        disabled={!hasContent}
        isBusy={isSending}
        busyLabel={t('report.composer.sending')}
      >
        {buttonLabel}
      </Button>
    </form>
  );
}
