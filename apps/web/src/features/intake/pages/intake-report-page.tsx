import type { CreateGuestReportFields, GuestReportCreated } from '@candor/contract/intake';
import { REQUIRED_MESSAGE } from '@candor/contract/labels';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ReadersField } from '@/components/readers/readers-field';
import { evidenceProblem } from '@/components/report/evidence-check';
import { ReportFields } from '@/components/report/report-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorSummary } from '@/components/ui/error-summary';
import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { draftStore } from '@/lib/drafts';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { Navigate, useLeaveGuard, useParams } from '@/lib/router';
import { useSiteSettings } from '@/lib/site-settings';
import { isCancelled, STOPPED_WAITING, StillTrying, useCancellable } from '@/lib/still-trying';
import { useFileGuestReport } from '../api/file-guest-report';
import { useIntakeOrganization } from '../api/get-intake-organization';
import { useIntakeReaders } from '../api/get-intake-readers';
import { prepareProofOfWork } from '../api/proof-of-work';
import { ReceiptPanel } from '../components/receipt-panel';
import { SafetyAdvice } from '../components/safety-advice';

const fieldLabels = { title: 'Title', category: 'Category', description: 'Detailed Description' };
const organizationTypes: Record<string, string> = {
  education: 'Educational Institution',
  corporate: 'Corporate Organization',
  government: 'Government Agency',
  nonprofit: 'Non-profit Organization',
};
const NOT_SENT = 'Your report was not sent. Nothing you typed was lost. Try again.';

type GuestFormValues = Omit<CreateGuestReportFields, 'proof'>;
/**
 * The form's schema arrives with its first check, not with the page: zod stays out of what the
 * reporter waits for (apps/web/src/build/page-budget.test.ts).
 */
const loadFormSchema = () =>
  import('@candor/contract/intake').then((contract) =>
    contract.createGuestReportFieldsSchema.omit({ proof: true }),
  );

const emptyForm: GuestFormValues = {
  title: '',
  category: 'abuse',
  description: '',
  priority_flag: false,
};
/** What is being written, kept in this tab's memory only (`draftStore`), per destination. */
type IntakeDraft = { values: GuestFormValues; file: File | null; voice: DisguisedVoice | null };
const draftKey = (slug: string | null) => `intake:${slug ?? ''}`;
const hasWords = (draft: IntakeDraft) =>
  Boolean(
    draft.values.title.trim() || draft.values.description?.trim() || draft.file || draft.voice,
  );
export const LEAVE_DRAFT =
  'Leave this page? Your report has not been sent. What you typed stays in this tab until you close it.';

type IntakeFormProps = {
  slug: string | null;
  /** Who reads it, said before anything is typed. */
  destination: React.ReactNode;
  onFiled(created: GuestReportCreated): void;
  /** When the reporter keeps every reader out: where to send it instead. */
  instead?: (keepDraft: () => void) => ReactNode;
};

function IntakeForm({ slug, destination, onFiled, instead }: IntakeFormProps) {
  const [draft] = useState(() => draftStore.get<IntakeDraft>(draftKey(slug)));
  const form = useContractForm(loadFormSchema, { defaultValues: draft?.values ?? emptyForm });
  const { field, errorOf, register, message, setMessage, onSubmit, showServerErrors, watch } = form;
  const [file, setFile] = useState<File | null>(draft?.file ?? null);
  const [voice, setVoice] = useState<DisguisedVoice | null>(draft?.voice ?? null);
  const [isWriting, setWriting] = useState(() => (draft ? hasWords(draft) : false));
  // Every change is kept in memory, so Back and Forward find it again; leaving asks first.
  const keep = (next: IntakeDraft) => {
    draftStore.save(draftKey(slug), next);
    setWriting(hasWords(next));
  };
  const fileRef = useRef(file);
  fileRef.current = file;
  const voiceRef = useRef(voice);
  voiceRef.current = voice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once per form
  useEffect(() => {
    const subscription = watch((values) =>
      keep({ values: values as GuestFormValues, file: fileRef.current, voice: voiceRef.current }),
    );
    return () => subscription.unsubscribe();
  }, [watch]);
  const chooseFile = (next: File | null) => {
    setFile(next);
    keep({ values: form.getValues(), file: next, voice });
  };
  const chooseVoice = (next: DisguisedVoice | null) => {
    setVoice(next);
    keep({ values: form.getValues(), file, voice: next });
  };
  useLeaveGuard(isWriting, LEAVE_DRAFT);
  const [progress, setProgress] = useState<number | null>(null);
  const maxMb = useSiteSettings().data?.max_upload_mb;
  const file_ = useFileGuestReport(slug, setProgress);
  const request = useCancellable();
  const fileProblem = file && evidenceProblem(file, maxMb);
  // Who reads it, before anything is typed; the reporter may keep the ones it is about out.
  const readers = useIntakeReaders(slug);
  const [excluded, setExcluded] = useState<string[]>([]);
  // Sending it to the platform instead takes what is written along (this tab's memory only).
  const keepDraftForPlatform = () =>
    draftStore.save(draftKey(null), { values: form.getValues(), file, voice });
  // The anti-abuse work runs while the visitor writes, not after they press Submit; it starts
  // when they first turn to the form (a field already in use when the app arrives counts), so it
  // does not compete with the page's own first load for the phone's processor.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) prepareProofOfWork(slug);
  }, [slug]);

  // The description may be left empty only when a voice message says it instead.
  const lacksDescription = () => !String(form.getValues().description ?? '').trim() && !voice;
  const requireDescription = () => {
    if (lacksDescription()) {
      form.setError('description', { type: 'required', message: REQUIRED_MESSAGE });
    }
  };

  const send = (fields: GuestFormValues) => {
    if (fileProblem) return;
    if (lacksDescription()) {
      // Valid for the schema (a voice message may replace it), but there is none.
      showServerErrors(new ApiError(400, { description: [REQUIRED_MESSAGE] }));
      return;
    }
    setProgress(file ? 0 : null);
    const keptOut = excluded.filter((id) => readers.data?.some((reader) => reader.id === id));
    file_.mutate(
      {
        ...fields,
        excluded_readers: keptOut.length > 0 ? keptOut.join(',') : undefined,
        file,
        voice,
        signal: request.start(),
      },
      {
        onSuccess: (created) => {
          draftStore.forget(draftKey(slug));
          setWriting(false);
          onFiled(created);
        },
        onError: (error) => {
          setProgress(null);
          if (isCancelled(error)) {
            setMessage({ tone: 'error', text: STOPPED_WAITING });
            return;
          }
          showServerErrors(error);
          const text =
            error instanceof ApiError && error.status !== 0
              ? (serverDetail(error) ?? 'Submission failed. Please try again.')
              : NOT_SENT;
          setMessage({ tone: 'error', text });
        },
      },
    );
  };

  return (
    <>
      <Alert tone="info" className="mb-6">
        {destination} You do not need an account, and this report is always anonymous: we do not ask
        who you are, and Candor's server stores nothing about your device or network.
      </Alert>
      <div className="mb-6">
        <SafetyAdvice />
      </div>
      <Card>
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit(send, requireDescription)}
          onFocus={() => prepareProofOfWork(slug)}
          onInput={() => prepareProofOfWork(slug)}
          className="space-y-5"
        >
          <ErrorSummary {...form.errorSummary(fieldLabels)} />
          <ReadersField
            readers={readers.data}
            excluded={excluded}
            onChange={setExcluded}
            error={errorOf('excluded_readers')}
            instead={instead?.(keepDraftForPlatform)}
          />
          <ReportFields
            field={field}
            evidence={{
              file,
              onChange: chooseFile,
              error: fileProblem ?? errorOf('file_upload'),
              progress: file_.isPending ? progress : null,
              maxMb,
            }}
            voice={{ value: voice, onChange: chooseVoice }}
          />
          <CheckboxField
            label="Mark as Priority Report"
            note="Priority reports may receive expedited review and response times."
            {...register('priority_flag')}
          />
          {message && (
            <Alert tone={message.tone} focusKey={message}>
              {message.text}
            </Alert>
          )}
          <p className="text-sm text-muted">
            What you write is kept in this tab's memory only, so Back and Forward do not lose it. It
            is not saved on this device, it is sent only when you press Submit Report, and closing
            the tab forgets it.
          </p>
          <StillTrying isPending={file_.isPending} onCancel={request.cancel} />
          <Button type="submit" size="lg" isBusy={file_.isPending} busyLabel="Submitting...">
            Submit Report
          </Button>
        </form>
      </Card>
    </>
  );
}

/** `/report`: a report without an account, to the platform's administrators. */
export function PlatformIntakePage() {
  const [created, setCreated] = useState<GuestReportCreated | null>(null);
  if (created) {
    return (
      <Page title="Report without an account" documentTitle="Report submitted">
        <ReceiptPanel created={created} />
      </Page>
    );
  }
  return (
    <Page
      title="Report without an account"
      lead="Tell us what happened. Your report is encrypted and anonymous."
    >
      <IntakeForm
        slug={null}
        destination={
          <>
            Your report goes to <strong>Candor's administrators</strong>, who belong to no
            organisation.
          </>
        }
        onFiled={setCreated}
      />
    </Page>
  );
}

/** Who reads it: the heading above names the organisation. */
const ORGANIZATION_DESTINATION = (
  <>
    Your report will be read by <strong>this organisation's administrators</strong>, the
    organisation named above.
  </>
);

/** `/o/{slug}/report`: an organisation's intake link (the poster's QR code leads here). */
export function OrganizationIntakePage() {
  const { slug = '' } = useParams();
  const organization = useIntakeOrganization(slug);
  const [created, setCreated] = useState<GuestReportCreated | null>(null);
  const current = organization.data?.slug;
  useEffect(() => {
    if (created) window.scrollTo(0, 0);
  }, [created]);

  // Drawn at build time as this frame (entry-server.tsx), the same for every organisation: the
  // form can be read and filled in at once, and only the name follows. Its place keeps the same
  // lines, so nothing below it moves when it arrives.
  if (organization.isPending) {
    return (
      <Page
        title="Report to this organisation"
        documentTitle="Report without an account"
        lead={'\u00a0'}
      >
        <IntakeForm slug={slug} destination={ORGANIZATION_DESTINATION} onFiled={setCreated} />
      </Page>
    );
  }
  if (organization.isError) {
    const missing = organization.error instanceof ApiError && organization.error.status === 404;
    return (
      <Page title="Report without an account">
        <Alert tone="error">
          {missing
            ? 'No organisation has this reporting link. Check the address on the poster.'
            : 'This page could not be loaded. Please try again.'}
        </Alert>
        <p className="mt-4">
          You can also{' '}
          <a className="font-semibold text-brand-800 underline" href={paths.reportWithoutAccount}>
            report to Candor's administrators
          </a>
          .
        </p>
      </Page>
    );
  }
  // A poster printed before a rename: the page moves to the current link.
  if (current && current !== slug) return <Navigate to={paths.intake(current)} replace />;
  const { name, type, accepts_guest_reports: accepts } = organization.data;
  if (created) {
    return (
      <Page title={`Report to ${name}`} documentTitle="Report submitted">
        <ReceiptPanel created={created} />
      </Page>
    );
  }
  return (
    // The tab (and so the browser's history) does not name the organisation; the page does.
    <Page
      title={`Report to ${name}`}
      documentTitle="Report without an account"
      lead={organizationTypes[type]}
    >
      {accepts ? (
        <IntakeForm
          slug={slug}
          destination={ORGANIZATION_DESTINATION}
          onFiled={setCreated}
          instead={(keepDraft) => (
            <LinkButton to={paths.reportWithoutAccount} variant="secondary" onClick={keepDraft}>
              Send it to Candor’s administrators instead
            </LinkButton>
          )}
        />
      ) : (
        <Card className="space-y-4">
          <Alert tone="info">{name} does not take reports without an account at the moment.</Alert>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={paths.submitReport}>Report with an account</LinkButton>
            <LinkButton to={paths.reportWithoutAccount} variant="secondary">
              Report to Candor's administrators
            </LinkButton>
          </div>
        </Card>
      )}
    </Page>
  );
}
