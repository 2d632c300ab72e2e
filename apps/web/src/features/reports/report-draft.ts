import type { ReportCategory, ReportDestination } from '@candor/contract/enums';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import { draftStore } from '@/lib/drafts';

/** The submit form's values (the original product's fields, plus the anonymity and destination choices). */
export type ReportFormValues = {
  title: string;
  category: ReportCategory;
  description: string;
  priority_flag: boolean;
  is_anonymous: boolean;
  /** Used only when the reporter belongs to an organisation. */
  destination: ReportDestination;
};

/** The voice message is its disguised version only: the original never stays in the page. */
export type ReportDraft = {
  values: ReportFormValues;
  file: File | null;
  voice?: DisguisedVoice | null;
};

const KEY = 'submit-report';

export const emptyReportForm: ReportFormValues = {
  title: '',
  category: 'abuse',
  description: '',
  priority_flag: false,
  is_anonymous: true,
  destination: 'organization',
};

/**
 * The report being written, kept while its writer signs in or creates an account (in memory
 * only, see `draftStore`), and forgotten once it is sent.
 */
export const reportDraft = {
  get: () => draftStore.get<ReportDraft>(KEY),
  save: (draft: ReportDraft) => draftStore.save(KEY, draft),
  forget: () => draftStore.forget(KEY),
};
