import { REPORT_TITLE_MAX, reportCategories } from '@candor/contract/labels';
import type { ComponentProps } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import { VoiceRecorder } from '@/components/voice/voice-recorder';
import type { Registration } from '@/lib/forms/use-form';
import { useT } from '@/lib/i18n';
import { EvidenceField } from './evidence-field';
import { categoryWord } from './report-words';

type ReportFieldsProps = {
  /** The props of a labelled field: `useContractForm`'s `field`. */
  field(name: 'title' | 'category' | 'description'): Registration & { id: string; error?: string };
  evidence: ComponentProps<typeof EvidenceField>;
  /** A voice message beside the description or instead of it, disguised before it is sent. */
  voice: { value: DisguisedVoice | null; onChange(voice: DisguisedVoice | null): void };
};

/**
 * What a report says, with or without an account: its title, category, description, a voice
 * message and a file. With a voice message the description may stay empty.
 */
export function ReportFields({ field, evidence, voice }: ReportFieldsProps) {
  const t = useT();
  const categoryOptions = reportCategories.map((category) => ({
    value: category,
    label: categoryWord(category),
  }));
  return (
    <>
      <TextField
        label={t('report.fields.title')}
        required
        maxLength={REPORT_TITLE_MAX}
        {...field('title')}
      />
      <SelectField
        label={t('report.fields.category')}
        options={categoryOptions}
        {...field('category')}
      />
      <TextAreaField
        label={t('report.fields.description')}
        required={!voice.value}
        hint={t('report.fields.descriptionHint')}
        rows={6}
        {...field('description')}
      />
      <VoiceRecorder
        value={voice.value}
        onChange={voice.onChange}
        disabled={evidence.progress !== null}
      />
      <EvidenceField {...evidence} />
    </>
  );
}
