import { ADMINISTRATOR_NAME } from '@candor/contract/labels';
import type { ReportMessage } from '@candor/contract/reports';
import { Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { VoicePlayer } from '@/components/voice/voice-player';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/lib/i18n';

function MessageItem({ message, hasFocus }: { message: ReportMessage; hasFocus: boolean }) {
  const t = useT();
  const ref = useRef<HTMLLIElement>(null);
  // The message just sent takes focus: a screen reader reads what arrived in the thread.
  useEffect(() => {
    if (hasFocus) ref.current?.focus();
  }, [hasFocus]);
  const mine = message.is_current_user_sender;
  // A handler shown to a reporter by their role alone: the server's fixed name, in the page's words.
  const isRoleOnly = message.is_sender_admin && message.display_sender_name === ADMINISTRATOR_NAME;
  const tone = message.is_internal
    ? 'border-amber-400 bg-amber-50'
    : mine
      ? 'border-brand-200 bg-brand-50'
      : 'border-slate-200 bg-white';
  const placement = message.is_internal ? '' : mine ? 'ms-auto max-w-[85%]' : 'max-w-[85%]';
  return (
    <li
      ref={ref}
      tabIndex={hasFocus ? -1 : undefined}
      className={`rounded-xl border p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${tone} ${placement}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
        {message.is_internal && (
          <span className="inline-flex items-center gap-1 font-semibold text-amber-900">
            <Lock aria-hidden="true" className="size-3" />
            {t('report.message.internalNote')}
          </span>
        )}
        <span className="font-semibold text-ink">
          {mine
            ? t('report.message.you')
            : isRoleOnly
              ? t('report.message.administrator')
              : message.display_sender_name}
        </span>
        {/* The role once: a reporter is shown "Administrator" alone, staff a name and the role. */}
        {message.is_sender_admin && !mine && !message.is_internal && !isRoleOnly && (
          <span>{t('report.message.administrator')}</span>
        )}
        {message.is_feedback && (
          <span className="rounded-md bg-green-100 px-1.5 font-semibold text-green-900">
            {t('report.message.feedback')}
          </span>
        )}
        <time dateTime={message.sent_at}>{formatDateTime(message.sent_at)}</time>
      </p>
      {message.voice && (
        <div className="mt-2">
          <VoicePlayer
            voice={message.voice}
            label={
              mine
                ? t('report.message.voiceFromYou')
                : t('report.message.voiceFrom', { name: message.display_sender_name })
            }
            downloadName={`voice-message-${message.id}`}
          />
        </div>
      )}
      {message.message && (
        <p dir="auto" className="mt-1 whitespace-pre-wrap wrap-anywhere text-ink">
          {message.message}
        </p>
      )}
    </li>
  );
}

type MessageListProps = {
  label: string;
  messages: readonly ReportMessage[];
  /** The message to give focus to (the one just sent), if any. */
  focusId: number | null;
  tone?: 'thread' | 'notes';
};

/** Messages oldest first, scrolled to the newest (as in the original product). */
export function MessageList({ label, messages, focusId, tone = 'thread' }: MessageListProps) {
  const endRef = useRef<HTMLLIElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  return (
    <ol
      aria-label={label}
      className={`max-h-[28rem] space-y-3 overflow-y-auto rounded-xl p-3 ${
        tone === 'notes' ? 'bg-amber-100/60' : 'bg-slate-50'
      }`}
    >
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} hasFocus={message.id === focusId} />
      ))}
      <li ref={endRef} aria-hidden="true" className="h-px list-none" />
    </ol>
  );
}
