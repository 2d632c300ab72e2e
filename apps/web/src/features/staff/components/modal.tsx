import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalProps = {
  open: boolean;
  title: string;
  /** Escape closes it unless busy. */
  onClose(): void;
  isBusy?: boolean;
  children: ReactNode;
};

/** A native modal <dialog>: focus is trapped, Escape cancels, the title names it. */
export function Modal({ open, title, onClose, isBusy = false, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
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
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onClose();
      }}
      className="m-auto w-[min(34rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-black/40"
    >
      {open && (
        <div className="space-y-4">
          <h2 id={titleId} className="text-xl font-semibold text-brand-900">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
