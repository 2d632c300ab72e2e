import { reportCategories } from '@candor/contract/enums';
import type { Report } from '@candor/contract/reports';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { tokenStorage } from '@/lib/auth/token-storage';
import { fieldErrors } from '@/lib/error-messages';
import { humanize } from '@/lib/format';
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
  category: 'abuse',
  description: '',
  priorityFlag: false,
  isAnonymous: true,
};
const categoryOptions = reportCategories.map((category) => ({
  value: category,
  label: humanize(category),
}));

export function SubmitReportPage() {
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [created, setCreated] = useState<Report | null>(null);
  const maxMb = useSiteSettings().data?.max_upload_mb;
  const create = useCreateReport(setProgress);
  const navigateLater = useDelayedNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!tokenStorage.getAccess()) {
      setMessage(NOT_LOGGED_IN);
      navigateLater(paths.login, 1500);
      return;
    }
    const problems: Record<string, string> = {};
    if (!values.title.trim()) problems.title = 'This field is required.';
    if (!values.description.trim()) problems.description = 'This field is required.';
    const fileProblem = file && evidenceProblem(file, maxMb);
    if (fileProblem) problems.file_upload = fileProblem;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setProgress(file ? 0 : null);
    create.mutate(
      { ...values, file },
      {
        onSuccess: (report) => setCreated(report),
        onError: (error) => {
          setErrors(fieldErrors(error));
          setMessage(submissionErrorMessage(error));
          setProgress(null);
        },
      },
    );
  };

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
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            label="Title"
            required
            maxLength={200}
            value={values.title}
            onChange={(event) => setValues({ ...values, title: event.target.value })}
            error={errors.title}
          />
          <SelectField
            label="Category"
            options={categoryOptions}
            value={values.category}
            onChange={(event) => setValues({ ...values, category: event.target.value })}
          />
          <TextAreaField
            label="Detailed Description"
            required
            rows={6}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.target.value })}
            error={errors.description}
          />
          <EvidenceField
            file={file}
            onChange={(next) => {
              setFile(next);
              const problem = next && evidenceProblem(next, maxMb);
              setErrors(({ file_upload: _dropped, ...rest }) =>
                problem ? { ...rest, file_upload: problem } : rest,
              );
            }}
            error={errors.file_upload}
            progress={create.isPending ? progress : null}
            maxMb={maxMb}
          />
          <fieldset className="space-y-3">
            <legend className="sr-only">Options</legend>
            <div>
              <label className="flex items-center gap-2 font-medium text-ink">
                <input
                  type="checkbox"
                  checked={values.priorityFlag}
                  onChange={(event) => setValues({ ...values, priorityFlag: event.target.checked })}
                  aria-describedby="priority-note"
                  className="size-4 accent-brand-700"
                />
                Mark as Priority Report
              </label>
              <p id="priority-note" className="ml-6 text-sm text-muted">
                Priority reports may receive expedited review and response times.
              </p>
            </div>
            <div>
              <label className="flex items-center gap-2 font-medium text-ink">
                <input
                  type="checkbox"
                  checked={values.isAnonymous}
                  onChange={(event) => setValues({ ...values, isAnonymous: event.target.checked })}
                  aria-describedby="anonymous-note"
                  className="size-4 accent-brand-700"
                />
                Submit anonymously
              </label>
              <p id="anonymous-note" className="ml-6 text-sm text-muted">
                Administrators will not see your name, username or email. Untick this to let them
                see your username.
              </p>
            </div>
          </fieldset>
          {message && <Alert tone="error">{message}</Alert>}
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? 'Submitting...' : 'Submit Report'}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
