import type { CreateGuestReportFields, GuestReportCreated } from '@candor/contract/intake';
import { REQUIRED_MESSAGE } from '@candor/contract/labels';
import type { Language } from '@candor/contract/languages';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ReadersField } from '@/components/readers/readers-field';
import { evidenceProblem } from '@/components/report/evidence-check';
import { ReportFields } from '@/components/report/report-fields';
import { useDraftAttachments } from '@/components/report/use-draft-attachments';
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
import { T, useLocale, useT } from '@/lib/i18n';
import { intakeLanguage } from '@/lib/i18n/language-choice';
import { useSwitchLanguage } from '@/lib/i18n/use-switch-language';
import { Navigate, useBase, useLeaveGuard, useParams } from '@/lib/router';
import { useSiteSettings } from '@/lib/site-settings';
import { isCancelled, StillTrying, stoppedWaiting, useCancellable } from '@/lib/still-trying';
import { useFileGuestReport } from '../api/file-guest-report';
import { useIntakeOrganization } from '../api/get-intake-organization';
import { useIntakeReaders } from '../api/get-intake-readers';
import { prepareProofOfWork } from '../api/proof-of-work';
import { ReceiptPanel } from '../components/receipt-panel';
import { SafetyAdvice } from '../components/safety-advice';

const organizationTypes: Record<string, string> = {
  education: 'intake.organizationType.education',
  corporate: 'intake.organizationType.corporate',
  government: 'intake.organizationType.government',
  nonprofit: 'intake.organizationType.nonprofit',
};
/** The words that stand out in a sentence. */
const bold = [<strong key="bold" />];

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

type IntakeFormProps = {
  slug: string | null;
  /** Who reads it, said before anything is typed. */
  destination: React.ReactNode;
  onFiled(created: GuestReportCreated): void;
  /** When the reporter keeps every reader out: where to send it instead. */
  instead?: (keepDraft: () => void) => ReactNode;
};

function IntakeForm({ slug, destination, onFiled, instead }: IntakeFormProps) {
  const t = useT();
  const [draft] = useState(() => draftStore.get<IntakeDraft>(draftKey(slug)));
  const form = useContractForm(loadFormSchema, { defaultValues: draft?.values ?? emptyForm });
  const { field, errorOf, register, message, setMessage, onSubmit, showServerErrors } = form;
  const [isWriting, setWriting] = useState(() => (draft ? hasWords(draft) : false));
  // Every change is kept in memory, so Back and Forward find it again; leaving asks first.
  const keep = (next: IntakeDraft) => {
    draftStore.save(draftKey(slug), next);
    setWriting(hasWords(next));
  };
  const { file, voice, chooseFile, chooseVoice } = useDraftAttachments<GuestFormValues>(
    form,
    draft,
    keep,
  );
  useLeaveGuard(isWriting, t('intake.form.leaveDraft'));
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
            setMessage({ tone: 'error', text: stoppedWaiting() });
            return;
          }
          showServerErrors(error);
          const text =
            error instanceof ApiError && error.status !== 0
              ? (serverDetail(error) ?? t('intake.form.failed'))
              : t('intake.form.notSent');
          setMessage({ tone: 'error', text });
        },
      },
    );
  };

  return (
    <>
      <Alert tone="info" className="mb-6">
        {destination} {t('intake.form.noAccountNeeded')}
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
          <ErrorSummary
            {...form.errorSummary({
              title: t('intake.form.fieldTitle'),
              category: t('intake.form.fieldCategory'),
              description: t('intake.form.fieldDescription'),
            })}
          />
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
            label={t('intake.form.priorityLabel')}
            note={t('intake.form.priorityNote')}
            {...register('priority_flag')}
          />
          {message && (
            <Alert tone={message.tone} focusKey={message}>
              {message.text}
            </Alert>
          )}
          <p className="text-sm text-muted">{t('intake.form.memoryNote')}</p>
          <StillTrying isPending={file_.isPending} onCancel={request.cancel} />
          <Button
            type="submit"
            size="lg"
            isBusy={file_.isPending}
            busyLabel={t('intake.form.submitting')}
          >
            {t('intake.form.submit')}
          </Button>
        </form>
      </Card>
    </>
  );
}

/** `/report`: a report without an account, to the platform's administrators. */
export function PlatformIntakePage() {
  const t = useT();
  const [created, setCreated] = useState<GuestReportCreated | null>(null);
  if (created) {
    return (
      <Page title={t('intake.page.title')} documentTitle={t('intake.page.submitted')}>
        <ReceiptPanel created={created} />
      </Page>
    );
  }
  return (
    <Page title={t('intake.page.title')} lead={t('intake.page.lead')}>
      <IntakeForm
        slug={null}
        destination={<T id="intake.destination.platform" components={bold} />}
        onFiled={setCreated}
      />
    </Page>
  );
}

/** Who reads it: the heading above names the organisation. */
const ORGANIZATION_DESTINATION = <T id="intake.destination.organization" components={bold} />;

/** A full page load of the platform's intake, in the page's language. */
function PlatformLink({ children }: { children?: ReactNode }) {
  const base = useBase();
  return (
    <a
      className="font-semibold text-brand-800 underline"
      href={`${base}${paths.reportWithoutAccount}`}
    >
      {children}
    </a>
  );
}

/**
 * The organisation's own language for a visitor who chose none, at an address that names none
 * (docs/languages.md); once, when the organisation is known. The switcher still changes it.
 */
function useOrganizationLanguage(preferred: Language | null | undefined) {
  const base = useBase();
  const locale = useLocale();
  const switchLanguage = useSwitchLanguage();
  const applied = useRef(false);
  useEffect(() => {
    if (preferred === undefined || applied.current) return;
    applied.current = true;
    const wanted = intakeLanguage(preferred, locale, base !== '');
    if (wanted) void switchLanguage(wanted);
  }, [preferred, locale, base, switchLanguage]);
}

/** `/o/{slug}/report`: an organisation's intake link (the poster's QR code leads here). */
export function OrganizationIntakePage() {
  const t = useT();
  const { slug = '' } = useParams();
  const organization = useIntakeOrganization(slug);
  useOrganizationLanguage(organization.data?.default_language);
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
        title={t('intake.organization.pendingTitle')}
        documentTitle={t('intake.page.title')}
        lead={'\u00a0'}
      >
        <IntakeForm slug={slug} destination={ORGANIZATION_DESTINATION} onFiled={setCreated} />
      </Page>
    );
  }
  if (organization.isError) {
    const missing = organization.error instanceof ApiError && organization.error.status === 404;
    return (
      <Page title={t('intake.page.title')}>
        <Alert tone="error">
          {missing ? t('intake.organization.missing') : t('intake.organization.loadFailed')}
        </Alert>
        <p className="mt-4">
          <T id="intake.organization.alsoPlatform" components={[<PlatformLink key="platform" />]} />
        </p>
      </Page>
    );
  }
  // A poster printed before a rename: the page moves to the current link.
  if (current && current !== slug) return <Navigate to={paths.intake(current)} replace />;
  const { name, type, accepts_guest_reports: accepts } = organization.data;
  if (created) {
    return (
      <Page
        title={t('intake.organization.title', { name })}
        documentTitle={t('intake.page.submitted')}
      >
        <ReceiptPanel created={created} />
      </Page>
    );
  }
  return (
    // The tab (and so the browser's history) does not name the organisation; the page does.
    <Page
      title={t('intake.organization.title', { name })}
      documentTitle={t('intake.page.title')}
      lead={organizationTypes[type] ? t(organizationTypes[type]) : undefined}
    >
      {accepts ? (
        <IntakeForm
          slug={slug}
          destination={ORGANIZATION_DESTINATION}
          onFiled={setCreated}
          instead={(keepDraft) => (
            <LinkButton to={paths.reportWithoutAccount} variant="secondary" onClick={keepDraft}>
              {t('intake.organization.instead')}
            </LinkButton>
          )}
        />
      ) : (
        <Card className="space-y-4">
          <Alert tone="info">{t('intake.organization.notTaking', { name })}</Alert>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={paths.submitReport}>{t('intake.organization.withAccount')}</LinkButton>
            <LinkButton to={paths.reportWithoutAccount} variant="secondary">
              {t('intake.organization.toPlatform')}
            </LinkButton>
          </div>
        </Card>
      )}
    </Page>
  );
}
