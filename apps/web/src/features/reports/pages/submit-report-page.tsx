import { type ReportCategory, reportCategories } from '@candor/contract/enums';
import {
  type CreateReportFields,
  createReportFieldsSchema,
  REPORT_TITLE_MAX,
  type Report,
} from '@candor/contract/reports';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Page } from '@/components/ui/page';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { tokenStorage } from '@/lib/auth/token-storage';
import { humanize } from '@/lib/format';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSiteSettings } from '@/lib/site-settings';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useCreateReport } from '../api/create-report';
import { EvidenceField } from '../components/evidence-field';
import { SubmitConfirmation } from '../components/submit-confirmation';
import { evidenceProblem } from '../evidence-check';
import { submissionErrorMessage } from '../submission-error';

const NOT_LOGGED_IN = 'You must be logged in to submit a report.';
const initial = {
  title: '',
  category: 'abuse' as ReportCategory,
  description: '',
  priority_flag: false,
  is_anonymous: true,
};
const categoryOptions = reportCategories.map((category) => ({
  value: category,
  label: humanize(category),
}));

export function SubmitReportPage() {
  const { field, errorOf, register, message, setMessage, onSubmit, showServerErrors } =
    useContractForm(createReportFieldsSchema, { defaultValues: initial });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<Report | null>(null);
  const maxMb = useSiteSettings().data?.max_upload_mb;
  const create = useCreateReport(setProgress);
  const navigateLater = useDelayedNavigate();
  const fileProblem = file && evidenceProblem(file, maxMb);

  const send = (fields: CreateReportFields) => {
    if (fileProblem) return;
    setProgress(file ? 0 : null);
    create.mutate(
      { ...fields, file },
      {
        onSuccess: (report) => setCreated(report),
        onError: (error) => {
          showServerErrors(error);
          setMessage({ tone: 'error', text: submissionErrorMessage(error) });
          setProgress(null);
        },
      },
    );
  };
  const submit = onSubmit(send);

  if (created) {
    return (
      <Page title="Submit a Report">
        <SubmitConfirmation report={created} />
      </Page>
    );
  }

  return (
    <Page
      title="Submit a Report"
      lead="Tell us what happened. Your report is encrypted, and it is anonymous unless you choose otherwise."
    >
      <Card>
        <form
          noValidate
          onSubmit={(event) => {
            if (tokenStorage.getAccess()) return submit(event);
            event.preventDefault();
            setMessage({ tone: 'error', text: NOT_LOGGED_IN });
            navigateLater(paths.login, 1500);
          }}
          className="space-y-5"
        >
          <TextField label="Title" required maxLength={REPORT_TITLE_MAX} {...field('title')} />
          <SelectField label="Category" options={categoryOptions} {...register('category')} />
          <TextAreaField label="Detailed Description" required rows={6} {...field('description')} />
          <EvidenceField
            file={file}
            onChange={setFile}
            error={fileProblem ?? errorOf('file_upload')}
            progress={create.isPending ? progress : null}
            maxMb={maxMb}
          />
          <fieldset className="space-y-3">
            <legend className="sr-only">Options</legend>
            <CheckboxField
              label="Mark as Priority Report"
              note="Priority reports may receive expedited review and response times."
              {...register('priority_flag')}
            />
            <CheckboxField
              label="Submit anonymously"
              note="Administrators will not see your name, username or email. Untick this to let them see your username."
              {...register('is_anonymous')}
            />
          </fieldset>
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <Button type="submit" size="lg" isBusy={create.isPending} busyLabel="Submitting...">
            Submit Report
          </Button>
        </form>
      </Card>
    </Page>
  );
}
