import type { ReportMessage } from '@candor/contract/reports';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/loading-state';
import { TextAreaField } from '@/components/ui/text-area-field';
import { formatDateTime } from '@/lib/format';
import { useComments } from '../api/get-comments';
import { usePostComment } from '../api/post-comment';

type ConversationProps = {
  reportId: number;
  /** Admins get the Internal Note checkbox (spec section 6). */
  isAdmin: boolean;
  canSend: boolean;
  loadError: string;
  sendError: string;
};

function Message({ message }: { message: ReportMessage }) {
  const mine = message.is_current_user_sender;
  const tone = message.is_internal
    ? 'border-amber-300 bg-amber-50'
    : mine
      ? 'border-brand-200 bg-brand-50'
      : 'border-slate-200 bg-white';
  return (
    <li className={`max-w-[85%] rounded-xl border p-3 ${tone} ${mine ? 'ml-auto' : ''}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
        <span className="font-semibold text-ink">{mine ? 'You' : message.display_sender_name}</span>
        {message.is_sender_admin && !mine && <span>(Administrator)</span>}
        {message.is_internal && <span className="font-semibold text-amber-900">Internal note</span>}
        <time dateTime={message.sent_at}>{formatDateTime(message.sent_at)}</time>
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-ink">{message.message}</p>
    </li>
  );
}

/** The thread of one report, newest at the bottom, and the box to write in (spec section 2). */
export function Conversation({
  reportId,
  isAdmin,
  canSend,
  loadError,
  sendError,
}: ConversationProps) {
  const comments = useComments(reportId);
  const post = usePostComment(reportId);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [failed, setFailed] = useState(false);
  const endRef = useRef<HTMLLIElement>(null);
  const count = comments.data?.length ?? 0;

  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const sent = text;
    const wasInternal = internal;
    // The box empties as the message leaves, not when the answer comes back: clearing it
    // later would wipe whatever the writer has started typing since.
    setText('');
    setInternal(false);
    setFailed(false);
    post.mutate(isAdmin ? { message: sent, is_internal: wasInternal } : { message: sent }, {
      onError: () => {
        setFailed(true);
        // Nothing is lost: an unsent message comes back unless something new was typed.
        setText((current) => (current === '' ? sent : current));
        setInternal(wasInternal);
      },
    });
  };

  return (
    <section aria-labelledby="conversation-heading" className="space-y-4">
      <h2 id="conversation-heading" className="text-lg font-semibold text-brand-900">
        Conversation
      </h2>
      {comments.isPending && <LoadingState label="Loading messages..." />}
      {comments.isError && <Alert tone="error">{loadError}</Alert>}
      {comments.data && count === 0 && (
        <p className="text-muted">No messages yet. Start the conversation!</p>
      )}
      {count > 0 && (
        <ol
          aria-label="Messages"
          className="max-h-[28rem] space-y-3 overflow-y-auto rounded-xl bg-slate-50 p-3"
        >
          {comments.data?.map((message) => (
            <Message key={message.id} message={message} />
          ))}
          <li ref={endRef} aria-hidden="true" className="h-px list-none" />
        </ol>
      )}
      {canSend ? (
        <form onSubmit={onSubmit} className="space-y-3">
          <TextAreaField
            label="Your message"
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {isAdmin && (
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={internal}
                onChange={(event) => setInternal(event.target.checked)}
                className="size-4 accent-brand-700"
              />
              Internal Note
              <span className="text-muted">(visible to administrators only)</span>
            </label>
          )}
          {failed && <Alert tone="error">{sendError}</Alert>}
          <Button
            type="submit"
            disabled={!text.trim()}
            isBusy={post.isPending}
            busyLabel="Sending..."
          >
            Send Message
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted">
          This report was cancelled, so no new messages can be sent.
        </p>
      )}
    </section>
  );
}
