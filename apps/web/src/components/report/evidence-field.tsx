import { type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FieldFrame } from '@/components/ui/field-frame';
import { describedBy } from '@/components/ui/field-parts';
import { useT } from '@/lib/i18n';
import { EvidenceMetadataNotice } from './evidence-metadata-notice';

type EvidenceFieldProps = {
  file: File | null;
  onChange(file: File | null): void;
  error?: string;
  /** Upload progress from 0 to 1 while sending, else null. */
  progress: number | null;
  maxMb?: number;
};

function formatSize(bytes: number) {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Shows `file` in the input too when it came from elsewhere (a kept draft), where the browser
 * allows setting a file input's files.
 */
function useInputHolds(inputRef: RefObject<HTMLInputElement | null>, file: File | null) {
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (!file) {
      input.value = '';
      return;
    }
    if (input.files?.[0] === file || typeof DataTransfer === 'undefined') return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  }, [inputRef, file]);
}

/** The optional evidence file (as in the original product: images or videos, 'Max 10MB'); removable. */
export function EvidenceField({ file, onChange, error, progress, maxMb = 10 }: EvidenceFieldProps) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const percent = progress === null ? null : Math.round(progress * 100);
  const hint = t('report.evidence.hint', { maxMb });
  const { hintId, errorId, ids } = describedBy(id, hint, error);
  const noticeId = `${id}-metadata`;
  useInputHolds(inputRef, file);
  const remove = () => {
    onChange(null);
    inputRef.current?.focus();
  };
  return (
    <div>
      <FieldFrame
        inputId={id}
        label={t('report.evidence.label')}
        isOptional
        {...{ hint, hintId, error, errorId }}
      >
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*,video/*,.heic,.heif"
          aria-describedby={[ids, noticeId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          disabled={progress !== null}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="block min-h-11 w-full text-sm text-ink file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
        />
      </FieldFrame>
      {file && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1">
          <p className="min-w-0 wrap-anywhere text-sm text-ink">
            {file.name} ({formatSize(file.size)})
          </p>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('report.evidence.removeNamed', { name: file.name })}
            disabled={progress !== null}
            onClick={remove}
          >
            {t('report.evidence.remove')}
          </Button>
        </div>
      )}
      <EvidenceMetadataNotice file={error ? null : file} id={noticeId} />
      {percent !== null && (
        <div className="mt-3">
          <label htmlFor={`${id}-progress`} className="text-sm text-ink">
            {t('report.evidence.uploading', { percent })}
          </label>
          <progress
            id={`${id}-progress`}
            max={100}
            value={percent}
            className="mt-1 block h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
          />
        </div>
      )}
    </div>
  );
}
