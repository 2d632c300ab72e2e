import { useEffect, useState } from 'react';
import { describeEvidenceMetadata, readEvidenceMetadata } from './evidence-metadata';

type EvidenceMetadataNoticeProps = {
  file: File | null;
  /** Referenced by the file input's aria-describedby. */
  id: string;
};

/**
 * Tells the reporter, once a file is chosen, what it records about them and that Candor
 * removes it. A polite live region, so a screen reader announces it after the choice.
 */
export function EvidenceMetadataNotice({ file, id }: EvidenceMetadataNoticeProps) {
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    setMessage(null);
    if (!file) return;
    let isCurrent = true;
    void readEvidenceMetadata(file).then((metadata) => {
      if (isCurrent) setMessage(describeEvidenceMetadata(metadata));
    });
    return () => {
      isCurrent = false;
    };
  }, [file]);

  return (
    <p
      id={id}
      role="status"
      aria-live="polite"
      className={message ? 'mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-ink' : undefined}
    >
      {message}
    </p>
  );
}
