import { TrackPage } from '@/features/intake/pages/track-page';
import { EvidenceField } from '@/features/reports/components/evidence-field';
import { MessageComposer } from '@/features/reports/components/message-composer';
import { MessageList } from '@/features/reports/components/message-list';
import { evidenceProblem } from '@/features/reports/evidence-check';

/**
 * `/track`, with the account pages' conversation parts: a module of its own, so the report pages
 * do not load them, nor this page the report form (build/page-budget.test.ts).
 */
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
