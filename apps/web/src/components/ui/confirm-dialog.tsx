import { useEffect, useId, useRef } from 'react';
import { Button } from './button';

type ConfirmDialogProps = {
  open: boolean;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
};

/** A modal question (native <dialog>: focus is trapped and Escape cancels). */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Older engines (and jsdom) lack showModal: the open attribute still shows it.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-describedby={messageId}
      aria-label="Please confirm"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-black/40"
    >
      {open && (
        <>
          <p id={messageId} className="text-ink">
            {message}
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="ghost" onClick={onCancel} autoFocus>
              Keep it
            </Button>
            <Button variant="danger" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
