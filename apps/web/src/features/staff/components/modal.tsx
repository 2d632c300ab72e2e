import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';

type ModalProps = {
  open: boolean;
  title: string;
  /** Escape closes it unless busy. */
  onClose(): void;
  isBusy?: boolean;
  children: ReactNode;
};

/** The staff tab's dialogs: wide enough for a form, their parts spaced evenly. */
export function Modal({ open, title, onClose, isBusy = false, children }: ModalProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onCancel={onClose}
      isBusy={isBusy}
      className="w-[min(34rem,calc(100%-2rem))]"
    >
      <div className="space-y-4">{children}</div>
    </Dialog>
  );
}
