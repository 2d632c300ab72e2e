import { useEffect, useRef, useState } from 'react';
import type { DisguisedVoice } from '@/components/voice/preview-voice';

export type DraftAttachments = { file: File | null; voice: DisguisedVoice | null };

/**
 * The evidence file and voice message of a report being written. With every change, of them or
 * of the form's values (`watch`, `getValues`), `keep` is given the whole draft, so that what is
 * written is not lost (Back and Forward, or leaving to sign in).
 */
export function useDraftAttachments<Values>(
  form: {
    watch: (callback: (values: unknown) => void) => { unsubscribe: () => void };
    getValues: () => Values;
  },
  initial: Partial<DraftAttachments> | null | undefined,
  keep: (draft: DraftAttachments & { values: Values }) => void,
) {
  const [file, setFile] = useState<File | null>(initial?.file ?? null);
  const [voice, setVoice] = useState<DisguisedVoice | null>(initial?.voice ?? null);
  const latest = useRef({ file, voice, keep });
  latest.current = { file, voice, keep };
  const { watch } = form;
  useEffect(() => {
    const subscription = watch((values) =>
      latest.current.keep({
        values: values as Values,
        file: latest.current.file,
        voice: latest.current.voice,
      }),
    );
    return () => subscription.unsubscribe();
  }, [watch]);
  const chooseFile = (next: File | null) => {
    setFile(next);
    keep({ values: form.getValues(), file: next, voice });
  };
  const chooseVoice = (next: DisguisedVoice | null) => {
    setVoice(next);
    keep({ values: form.getValues(), file, voice: next });
  };
  return { file, voice, chooseFile, chooseVoice };
}
