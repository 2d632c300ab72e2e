import type { ReportMessage } from '@candor/contract/reports';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { MessageComposer } from '@/components/report/message-composer';
import { MessageList } from '@/components/report/message-list';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { LoadingState } from '@/components/ui/loading-state';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import { useT } from '@/lib/i18n';
import { useComments } from '../api/get-comments';
import { usePostComment } from '../api/post-comment';

type ConversationProps = {
  reportId: number;
  /** Administrators of the report also get the internal notes (as in the original product). */
  isAdmin: boolean;
  canSend: boolean;
  loadError: string;
  sendError: string;
};

/**
 * The conversation with the reporter and, for administrators, the internal notes, each in its
 * own section with its own box and button: "Reply to reporter" and "Add internal note" are two
 * actions, so a note cannot reach the reporter by a forgotten checkbox.
 */
export function Conversation({
  reportId,
  isAdmin,
  canSend,
  loadError,
  sendError,
}: ConversationProps) {
  const t = useT();
  const comments = useComments(reportId);
  const post = usePostComment(reportId);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [sending, setSending] = useState<'reply' | 'note' | null>(null);
  const [isFeedback, setIsFeedback] = useState(false);
  const thread = (comments.data ?? []).filter((message) => !message.is_internal);
  const notes = (comments.data ?? []).filter((message) => message.is_internal);

  const send = (kind: 'reply' | 'note') => async (text: string, voice: DisguisedVoice | null) => {
    setSending(kind);
    try {
      const feedback = isAdmin && kind === 'reply' && isFeedback;
      const input = isAdmin
        ? {
            message: text,
            is_internal: kind === 'note',
            ...(feedback ? { is_feedback: true } : {}),
          }
        : { message: text };
      const created: ReportMessage = await post.mutateAsync({ ...input, voice });
      setFocusId(created.id);
      if (feedback) setIsFeedback(false);
      return true;
    } catch {
      return false;
    } finally {
      setSending(null);
    }
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="conversation-heading" className="space-y-4">
        <h2 id="conversation-heading" className="text-lg font-semibold text-brand-900">
          {isAdmin ? t('reports.conversation.withReporter') : t('reports.conversation.heading')}
        </h2>
        {comments.isPending && <LoadingState label={t('reports.conversation.loading')} />}
        {comments.isError && <Alert tone="error">{loadError}</Alert>}
        {comments.data && thread.length === 0 && (
          <p className="text-muted">{t('reports.conversation.empty')}</p>
        )}
        {thread.length > 0 && (
          <MessageList
            label={t('reports.conversation.messages')}
            messages={thread}
            focusId={focusId}
          />
        )}
        {!canSend ? (
          <p className="text-sm text-muted">{t('reports.conversation.cancelled')}</p>
        ) : isAdmin ? (
          <MessageComposer
            label={t('reports.conversation.reply')}
            hint={t('reports.conversation.replyHint')}
            buttonLabel={t('reports.conversation.reply')}
            extra={
              <CheckboxField
                label={t('reports.conversation.markFeedback')}
                note={t('reports.conversation.markFeedbackNote')}
                checked={isFeedback}
                onChange={(event) => setIsFeedback(event.target.checked)}
              />
            }
            isSending={sending === 'reply'}
            sendError={sendError}
            allowVoice
            onSend={send('reply')}
          />
        ) : (
          <MessageComposer
            label={t('reports.conversation.yourMessage')}
            buttonLabel={t('reports.conversation.send')}
            isSending={sending === 'reply'}
            sendError={sendError}
            allowVoice
            onSend={send('reply')}
          />
        )}
      </section>
      {isAdmin && (
        <section
          aria-labelledby="notes-heading"
          className="space-y-4 rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4"
        >
          <h2
            id="notes-heading"
            className="flex items-center gap-2 text-lg font-semibold text-amber-950"
          >
            <Lock aria-hidden="true" className="size-5" />
            {t('reports.notes.heading')}
          </h2>
          <p className="text-sm text-amber-950">{t('reports.notes.lead')}</p>
          {comments.data && notes.length === 0 && (
            <p className="text-sm text-amber-950">{t('reports.notes.empty')}</p>
          )}
          {notes.length > 0 && (
            <MessageList
              label={t('reports.notes.heading')}
              messages={notes}
              focusId={focusId}
              tone="notes"
            />
          )}
          {canSend && (
            <MessageComposer
              label={t('reports.notes.label')}
              buttonLabel={t('reports.notes.add')}
              variant="note"
              isSending={sending === 'note'}
              sendError={sendError}
              onSend={send('note')}
            />
          )}
        </section>
      )}
    </div>
  );
}
