import {
  OrganizationIntakePage,
  PlatformIntakePage,
} from '@/features/intake/pages/intake-report-page';
import { TrackPage } from '@/features/intake/pages/track-page';
import { EvidenceField } from '@/features/reports/components/evidence-field';
import { MessageComposer } from '@/features/reports/components/message-composer';
import { MessageList } from '@/features/reports/components/message-list';
import { ReportFields } from '@/features/reports/components/report-fields';
import { evidenceProblem } from '@/features/reports/evidence-check';

/** The no-account pages, with the account pages' report fields and conversation parts. */
export function OrganizationIntakeRoute() {
  return <OrganizationIntakePage ReportFields={ReportFields} evidenceProblem={evidenceProblem} />;
}

export function PlatformIntakeRoute() {
  return <PlatformIntakePage ReportFields={ReportFields} evidenceProblem={evidenceProblem} />;
}

export function TrackRoute() {
  return (
    <TrackPage
      EvidenceField={EvidenceField}
      evidenceProblem={evidenceProblem}
      MessageList={MessageList}
      MessageComposer={MessageComposer}
    />
  );
}
