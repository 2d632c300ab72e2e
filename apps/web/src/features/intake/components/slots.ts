import type { ReportMessage } from '@candor/contract/reports';
import type { ComponentProps, ComponentType } from 'react';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import type { Registration } from '@/lib/forms/use-form';

/**
 * Parts of the account reporting pages that the no-account pages reuse as they are (the
 * evidence field with its metadata preview and progress bar; the message list and box). A
 * feature cannot import another, so app/routes hands them in (docs/design.md "Shape of the code, as built").
 */
export type EvidenceFieldSlot = ComponentType<{
  file: File | null;
  onChange(file: File | null): void;
  error?: string;
  progress: number | null;
  maxMb?: number;
}>;

/** The report's title, category, description and evidence, as the account form has them. */
export type ReportFieldsSlot = ComponentType<{
  field(name: 'title' | 'category' | 'description'): Registration & { id: string; error?: string };
  evidence: ComponentProps<EvidenceFieldSlot>;
  voice: { value: DisguisedVoice | null; onChange(voice: DisguisedVoice | null): void };
}>;

export type MessageListSlot = ComponentType<{
  label: string;
  messages: ReportMessage[];
  focusId: number | null;
}>;

export type MessageComposerSlot = ComponentType<{
  label: string;
  buttonLabel: string;
  isSending: boolean;
  sendError: string;
  /** Offers a voice message beside the text (disguised before it is sent). */
  allowVoice?: boolean;
  onSend(text: string, voice: DisguisedVoice | null): Promise<boolean>;
  initialText?: string;
  onTextChange?(text: string): void;
}>;

export type EvidenceCheck = (file: File, maxMb?: number) => string | null;
