// A button that asks first, in the page (Electron has no confirm box).
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './Dialog';

export interface ConfirmButtonProps {
  /** The question, as the dialog's title. */
  question: string;
  /** The button's label and the confirming button's label. */
  children: ReactNode;
  confirmLabel: string;
  className?: string;
  onConfirm(): void;
}

export function ConfirmButton({ question, children, confirmLabel, className, onConfirm }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && (
        <ConfirmDialog
          title={question}
          confirmLabel={confirmLabel}
          danger={className === 'danger'}
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            setOpen(false);
            onConfirm();
          }}
        />
      )}
    </>
  );
}
