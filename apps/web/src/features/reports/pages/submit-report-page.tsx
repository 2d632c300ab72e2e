import type { CreateReportFields, Report } from '@candor/contract/reports';
import { useState } from 'react';
import { ReadersField } from '@/components/readers/readers-field';
import { evidenceProblem } from '@/components/report/evidence-check';
import { ReportFields } from '@/components/report/report-fields';
import { useDraftAttachments } from '@/components/report/use-draft-attachments';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorSummary } from '@/components/ui/error-summary';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import type { LoginState } from '@/lib/auth/login-state';
import { tokenStorage } from '@/lib/auth/token-storage';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { t as translate, useT } from '@/lib/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useCreateReport } from '../api/create-report';
import { useReaders } from '../api/get-readers';
import { useReporterOrganization } from '../api/get-reporter-organization';
import { DestinationField } from '../components/destination-field';
import { SignInFirstNotice } from '../components/sign-in-first-notice';
import { SubmitConfirmation } from '../components/submit-confirmation';
import { emptyReportForm, type ReportFormValues, reportDraft } from '../report-draft';
import { submissionErrorMessage } from '../submission-error';

/** The form's schema arrives with its first check, not with the page (bench/README.md). */
const loadReportSchema = () =>
  import('@candor/contract/reports').then((contract) => contract.createReportFieldsSchema);

/** The original product has no figure for this redirect; the login page's 1.5 s reads the same. */
const LOGIN_REDIRECT_MS = 1500;
/** The fields in the order the form shows them, named as their labels (the error summary). */
const fieldLabels = () => ({
  title: translate('report.fields.title'),
  category: translate('report.fields.category'),
  description: translate('report.fields.description'),
  destination: translate('reports.destination.legend'),
});

/**
 * /submit-report (as in the original product). A visitor may write first: sending asks them to sign in or
 * create an account (as in the original product), and what they typed, the file included, is waiting when
 * they come back.
 */
export function SubmitReportPage() {
  const t = useT();
  const { user } = useAuth();
  const [draft] = useState(reportDraft.get);
  const form = useContractForm(loadReportSchema, {
    defaultValues: draft?.values ?? emptyReportForm,
  });
  const { field, errorOf, register, message, setMessage, onSubmit, showServerErrors, watch } = form;
  // Every change is kept, so leaving to sign in loses nothing.
  const { file, voice, chooseFile, chooseVoice } = useDraftAttachments(
    { watch, getValues: () => form.getValues() as ReportFormValues },
    draft,
    (next) => reportDraft.save(next),
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<Report | null>(null);
  const maxMb = useSiteSettings().data?.max_upload_mb;
  const create = useCreateReport(setProgress);
  const navigateLater = useDelayedNavigate();
  const fileProblem = file && evidenceProblem(file, maxMb);
  const organization = useReporterOrganization({ enabled: Boolean(user) });
  // Who reads it, for the destination chosen; the reporter may keep one of them out.
  const chosenDestination = watch('destination') || undefined;
  const readers = useReaders(
    organization.data ? chosenDestination : undefined,
    Boolean(user) && !organization.isPending,
  );
  const [excluded, setExcluded] = useState<string[]>([]);

  // The description may be left empty only when a voice message says it instead.
  const lacksDescription = () => !String(form.getValues().description ?? '').trim() && !voice;
  const requireDescription = () => {
    if (lacksDescription()) {
      form.setError('description', { type: 'required', message: t('reports.submit.required') });
    }
  };

  const send = (fields: CreateReportFields) => {
    if (fileProblem) return;
    if (lacksDescription()) {
      // Valid for the schema (a voice message may replace it), but there is none.
      showServerErrors(new ApiError(400, { description: [t('reports.submit.required')] }));
      return;
    }
    if (!tokenStorage.getAccess()) {
      const notLoggedIn = t('reports.submit.notLoggedIn');
      setMessage({ tone: 'error', text: notLoggedIn });
      const state: LoginState = { from: paths.submitReport, reason: notLoggedIn };
      navigateLater(paths.login, LOGIN_REDIRECT_MS, { state });
      return;
    }
    if (organization.isPending) {
      setMessage({ tone: 'error', text: t('reports.submit.stillChecking') });
      return;
    }
    // Only a member chooses; the server sends everyone else's report to the platform.
    const destination = organization.data ? fields.destination : undefined;
    const keptOut = excluded.filter((id) => readers.data?.some((reader) => reader.id === id));
    setProgress(file ? 0 : null);
    create.mutate(
      {
        ...fields,
        destination,
        excluded_readers: keptOut.length > 0 ? keptOut.join(',') : undefined,
        file,
        voice,
      },
      {
        onSuccess: (report) => {
          reportDraft.forget();
          setCreated(report);
        },
        onError: (error) => {
          showServerErrors(error);
          setMessage({ tone: 'error', text: submissionErrorMessage(error) });
          setProgress(null);
        },
      },
    );
  };

  if (created) {
    return (
      <Page title={t('reports.submit.title')} documentTitle={t('reports.submit.submittedTitle')}>
        <SubmitConfirmation report={created} />
      </Page>
    );
  }

  return (
    <Page title={t('reports.submit.title')} lead={t('reports.submit.lead')}>
      {!user && <SignInFirstNotice />}
      <Card>
        <form noValidate onSubmit={onSubmit(send, requireDescription)} className="space-y-5">
          <ErrorSummary {...form.errorSummary(fieldLabels())} />
          <ReportFields
            field={field}
            evidence={{
              file,
              onChange: chooseFile,
              error: fileProblem ?? errorOf('file_upload'),
              progress: create.isPending ? progress : null,
              maxMb,
            }}
            voice={{ value: voice, onChange: chooseVoice }}
          />
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('reports.submit.options')}</legend>
            <CheckboxField
              label={t('reports.submit.priority')}
              note={t('reports.submit.priorityNote')}
              {...register('priority_flag')}
            />
            <CheckboxField
              label={t('reports.submit.anonymous')}
              note={t('reports.submit.anonymousNote')}
              {...register('is_anonymous')}
            />
          </fieldset>
          {user && (
            <DestinationField
              organization={organization.data}
              isUnknown={organization.isPending || organization.isError}
              value={watch('destination')}
              registration={register('destination')}
              firstId={form.fieldId('destination')}
              error={errorOf('destination')}
            />
          )}
          {user && (
            <ReadersField
              readers={readers.data}
              excluded={excluded}
              onChange={setExcluded}
              error={errorOf('excluded_readers')}
              instead={
                organization.data && chosenDestination !== 'platform' ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      form.setValue('destination', 'platform');
                      setExcluded([]);
                    }}
                  >
                    {t('reports.submit.sendToPlatform')}
                  </Button>
                ) : undefined
              }
            />
          )}
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <Button
            type="submit"
            size="lg"
            isBusy={create.isPending}
            busyLabel={t('reports.submit.submitting')}
          >
            {t('reports.mine.submit')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
