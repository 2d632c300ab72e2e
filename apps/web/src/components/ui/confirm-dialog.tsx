import { useId } from 'react';
import { useT } from '@/lib/i18n';
import { Button } from './button';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
};

/** A modal question: Escape or "Keep it" cancels. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      title={t('ui.confirm.title')}
      isTitleHidden
      describedBy={messageId}
      onCancel={onCancel}
      className="max-w-md"
    >
      <p id={messageId} className="text-ink">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="ghost" onClick={onCancel} autoFocus>
          {t('ui.confirm.keep')}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
