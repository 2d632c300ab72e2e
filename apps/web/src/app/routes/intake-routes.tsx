import {
  OrganizationIntakePage,
  PlatformIntakePage,
} from '@/features/intake/pages/intake-report-page';
import { ReportFields } from '@/features/reports/components/report-fields';
import { evidenceProblem } from '@/features/reports/evidence-check';

/** The no-account report pages, with the account pages' report fields (/track: track-route.tsx). */
export function OrganizationIntakeRoute() {
  return <OrganizationIntakePage ReportFields={ReportFields} evidenceProblem={evidenceProblem} />;
}

export function PlatformIntakeRoute() {
  return <PlatformIntakePage ReportFields={ReportFields} evidenceProblem={evidenceProblem} />;
}
