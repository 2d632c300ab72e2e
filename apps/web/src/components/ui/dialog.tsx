import { type ReactNode, useEffect, useId, useRef } from 'react';

type DialogProps = {
  open: boolean;
  /** Its heading, which names the dialog. */
  title: string;
  /** The heading is for assistive technology only: the content says it already. */
  isTitleHidden?: boolean;
  /** Escape asks for this; while `isBusy` it does nothing. */
  onCancel(): void;
  isBusy?: boolean;
  /** The id of the element that describes the dialog, if one does. */
  describedBy?: string;
  /** Its width (the frame, padding and backdrop are the same for every dialog). */
  className?: string;
  /** Drawn only while open. */
  children: ReactNode;
};

/**
 * A modal native <dialog>: focus stays inside while it is open, Escape cancels, its heading
 * names it, and closing it gives focus back to what had it before.
 */
export function Dialog({
  open,
  title,
  isTitleHidden = false,
  onCancel,
  isBusy = false,
  describedBy,
  className = '',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement;
    // Older engines (and jsdom) lack showModal: the open attribute still shows it.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      // Browsers restore focus on close; this covers the ones that do not, and an opener that
      // lost focus meanwhile. An opener that is gone leaves focus where the browser put it.
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onCancel();
      }}
      className={`m-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-black/40 ${className}`}
    >
      {open && (
        <>
          <h2
            id={titleId}
            className={isTitleHidden ? 'sr-only' : 'mb-4 text-xl font-semibold text-brand-900'}
          >
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
