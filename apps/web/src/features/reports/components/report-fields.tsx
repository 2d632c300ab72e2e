import { REPORT_TITLE_MAX, reportCategories } from '@candor/contract/labels';
import type { ComponentProps } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { humanize } from '@/lib/format';
import type { Registration } from '@/lib/forms/use-form';
import { EvidenceField } from './evidence-field';

const categoryOptions = reportCategories.map((category) => ({
  value: category,
  label: humanize(category),
}));

type ReportFieldsProps = {
  /** The props of a labelled field: `useContractForm`'s `field`. */
  field(name: 'title' | 'category' | 'description'): Registration & { id: string; error?: string };
  evidence: ComponentProps<typeof EvidenceField>;
};

/** What a report says, with or without an account: its title, category, description and file. */
export function ReportFields({ field, evidence }: ReportFieldsProps) {
  return (
    <>
      <TextField label="Title" required maxLength={REPORT_TITLE_MAX} {...field('title')} />
      <SelectField label="Category" options={categoryOptions} {...field('category')} />
      <TextAreaField label="Detailed Description" required rows={6} {...field('description')} />
      <EvidenceField {...evidence} />
    </>
  );
}
