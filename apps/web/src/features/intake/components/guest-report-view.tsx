import type { TrackSession } from '@candor/contract/intake';
import type { Report } from '@candor/contract/reports';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CertificateTitleChoice } from '@/components/certificate-title-choice';
import { evidenceProblem } from '@/components/report/evidence-check';
import { EvidenceField } from '@/components/report/evidence-field';
import { MessageComposer } from '@/components/report/message-composer';
import { MessageList } from '@/components/report/message-list';
import { categoryWord } from '@/components/report/report-words';
import { ReportDeadlines } from '@/components/report-deadlines';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingState } from '@/components/ui/loading-state';
import { StatusBadge } from '@/components/ui/status-badge';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import { VoicePlayer } from '@/components/voice/voice-player';
import { ApiError } from '@/lib/api-client';
import { draftStore } from '@/lib/drafts';
import { serverDetail } from '@/lib/error-messages';
import { formatDateTime, formatDay } from '@/lib/format';
import { T, useT } from '@/lib/i18n';
import { useLeaveGuard } from '@/lib/router';
import { useSiteSettings } from '@/lib/site-settings';
import { useGuestMessages } from '../api/get-guest-messages';
import { useGuestReport } from '../api/get-guest-report';
import {
  useAddGuestEvidence,
  useGuestCertificate,
  usePostGuestMessage,
  useWithdrawGuestReport,
} from '../api/guest-report-actions';
import { SessionClock } from './session-clock';
import { TrackChangesNotice } from './track-changes';

type Props = {
  session: TrackSession;
  /** The session ended (expired, or the report is gone): back to the receipt. */
  onEnded(reason: string): void;
  onLeave(): void;
};

/** The answer being written, kept in this tab's memory only, across re-entering the receipt. */
const answerKey = (reportId: number) => `track-answer:${reportId}`;

/** What /track shows of the report: its reference, status, dates and category. */
export function Dates({ report }: { report: Report }) {
  const t = useT();
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold text-ink">{t('intake.view.reference')}</dt>
        <dd className="font-mono">{report.token}</dd>
      </div>
      <div>
        <dt className="font-semibold text-ink">{t('intake.view.status')}</dt>
        <dd>
          <StatusBadge status={report.status} />
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-ink">{t('intake.view.submitted')}</dt>
        <dd>{formatDateTime(report.submitted_at)}</dd>
      </div>
      <div>
        <dt className="font-semibold text-ink">{t('intake.view.lastChange')}</dt>
        <dd>{formatDateTime(report.updated_at)}</dd>
      </div>
      {report.resolved_at && (
        <div>
          <dt className="font-semibold text-ink">{t('intake.view.resolved')}</dt>
          <dd>{formatDateTime(report.resolved_at)}</dd>
        </div>
      )}
      <div>
        <dt className="font-semibold text-ink">{t('intake.view.category')}</dt>
        <dd>{categoryWord(report.category)}</dd>
      </div>
      {report.purge_on && (
        <div>
          <dt className="font-semibold text-ink">{t('intake.view.deletedOn')}</dt>
          <dd>
            <T
              id="intake.view.deletedText"
              values={{ day: formatDay(report.purge_on) }}
              components={[<time key="day" dateTime={report.purge_on} />]}
            />
          </dd>
        </div>
      )}
    </dl>
  );
}

/** A guest's one report at /track: status, dates, the conversation, a file, withdraw, certificate. */
export function GuestReportView(props: Props) {
  const { session, onEnded, onLeave } = props;
  const t = useT();
  const { token } = session;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [withTitle, setWithTitle] = useState(false);
  const maxMb = useSiteSettings().data?.max_upload_mb;
  useEffect(() => headingRef.current?.focus(), []);
  const draftKey = answerKey(session.report.id);
  const [answer, setAnswer] = useState(() => draftStore.get<string>(draftKey) ?? '');
  const keepAnswer = useCallback(
    (text: string) => {
      setAnswer(text);
      if (text) draftStore.save(draftKey, text);
      else draftStore.forget(draftKey);
    },
    [draftKey],
  );
  useLeaveGuard(Boolean(answer.trim()), t('intake.view.leaveAnswer'));
  const endedText = t('intake.view.ended');
  const expire = useCallback(() => onEnded(endedText), [onEnded, endedText]);

  const ended = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      onEnded(error.status === 404 ? t('intake.view.gone') : endedText);
      return true;
    }
    return false;
  };
  const report = useGuestReport(token, session.report);
  const messages = useGuestMessages(token);
  useEffect(() => {
    if (report.error) ended(report.error);
    if (messages.error) ended(messages.error);
  });
  const fail = (fallback: string) => (error: unknown) => {
    if (!ended(error)) setNotice({ tone: 'error', text: serverDetail(error) ?? fallback });
  };
  const withdraw = useWithdrawGuestReport(token, {
    onSuccess: () => setNotice({ tone: 'success', text: t('intake.view.cancelDone') }),
    onError: fail(t('intake.view.cancelFailed')),
  });
  const certificate = useGuestCertificate(token, withTitle, {
    onSuccess: () => setNotice({ tone: 'success', text: t('intake.view.certificateDone') }),
    onError: fail(t('intake.view.certificateFailed')),
  });
  const addFile = useAddGuestEvidence(token, {
    onSuccess: () => {
      setFile(null);
      setNotice({ tone: 'success', text: t('intake.view.fileAdded') });
    },
    onError: fail(t('intake.view.fileFailed')),
  });
  const postMessage = usePostGuestMessage(token);

  const data = report.data;
  const isOpen = !['cancelled', 'resolved', 'rejected'].includes(data.status);
  const fileProblem = file && evidenceProblem(file, maxMb);
  const send = async (text: string, voice: DisguisedVoice | null) => {
    try {
      setFocusId(await postMessage(text, voice));
      return true;
    } catch (error) {
      // Kept before the page may go back to the receipt: it comes back with the session.
      if (text) draftStore.save(draftKey, text);
      ended(error);
      return false;
    }
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2
            ref={headingRef}
            tabIndex={-1}
            dir="auto"
            className="wrap-anywhere text-2xl font-bold tracking-tight text-brand-900"
          >
            {data.title}
          </h2>
          {data.organization_name && (
            <p className="mt-1 text-muted">
              {t('intake.view.sentTo', { name: data.organization_name })}
            </p>
          )}
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            draftStore.forget(draftKey);
            onLeave();
          }}
        >
          {t('intake.view.leave')}
        </Button>
      </header>
      <SessionClock seconds={session.expires_in} onExpired={expire} />
      <TrackChangesNotice changes={session.changes} status={data.status} />
      {notice && (
        <Alert tone={notice.tone} focusKey={notice}>
          {notice.text}
        </Alert>
      )}
      <Card className="space-y-4">
        <Dates report={data} />
        <div>
          <h3 className="font-semibold text-ink">{t('intake.view.description')}</h3>
          {data.description && (
            <p dir="auto" className="mt-1 whitespace-pre-wrap wrap-anywhere">
              {data.description}
            </p>
          )}
          {data.voice && (
            <div className="mt-2">
              <VoicePlayer
                voice={data.voice}
                label={t('intake.view.voice')}
                downloadName={`voice-message-${data.token}`}
              />
            </div>
          )}
        </div>
        {data.file_upload && (
          <p>
            <a
              href={data.file_upload}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
            >
              {t('intake.view.viewFile')}
            </a>
          </p>
        )}
        {data.status === 'resolved' && (
          <CertificateTitleChoice checked={withTitle} onChange={setWithTitle} />
        )}
        <div className="flex flex-wrap gap-3">
          {data.status === 'resolved' && (
            <Button
              onClick={() => certificate.mutate()}
              isBusy={certificate.isPending}
              busyLabel={t('intake.view.exporting')}
            >
              {t('intake.view.export')}
            </Button>
          )}
          {isOpen && data.status !== 'cancelled' && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('intake.view.cancelReport')}
            </Button>
          )}
        </div>
      </Card>
      <Card>
        <ReportDeadlines report={data} headingLevel="h3" />
      </Card>
      {!data.file_upload && data.status !== 'cancelled' && (
        <Card>
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (file && !fileProblem) addFile.mutate(file);
            }}
          >
            <EvidenceField
              file={file}
              onChange={setFile}
              error={fileProblem ?? undefined}
              progress={addFile.isPending ? 0 : null}
              maxMb={maxMb}
            />
            <Button
              type="submit"
              variant="secondary"
              disabled={!file}
              isBusy={addFile.isPending}
              busyLabel={t('intake.view.adding')}
            >
              {t('intake.view.addFile')}
            </Button>
          </form>
        </Card>
      )}
      <Card>
        <section aria-labelledby="guest-conversation" className="space-y-4">
          <h3 id="guest-conversation" className="text-lg font-semibold text-brand-900">
            {t('intake.view.conversation')}
          </h3>
          {messages.isPending && <LoadingState label={t('intake.view.loadingMessages')} />}
          {messages.isError && <Alert tone="error">{t('intake.view.messagesFailed')}</Alert>}
          {messages.data?.length === 0 && (
            <p className="text-muted">{t('intake.view.noMessages')}</p>
          )}
          {messages.data && messages.data.length > 0 && (
            <MessageList
              label={t('intake.view.messages')}
              messages={messages.data}
              focusId={focusId}
            />
          )}
          {data.status === 'cancelled' ? (
            <p className="text-sm text-muted">{t('intake.view.cancelledNoMessages')}</p>
          ) : (
            <MessageComposer
              label={t('intake.view.yourMessage')}
              buttonLabel={t('intake.view.sendMessage')}
              isSending={false}
              sendError={t('intake.view.sendFailed')}
              allowVoice
              onSend={send}
              initialText={draftStore.get<string>(draftKey) ?? ''}
              onTextChange={keepAnswer}
            />
          )}
        </section>
      </Card>
      <ConfirmDialog
        open={confirming}
        message={t('intake.view.cancelConfirm')}
        confirmLabel={t('intake.view.cancelReport')}
        onConfirm={() => {
          setConfirming(false);
          withdraw.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
