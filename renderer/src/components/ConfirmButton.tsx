// A button that asks first, in the page (Electron has no confirm box).
import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { ConfirmDialog } from './Dialog';

export interface ConfirmButtonProps {
  /** The question, as the dialog's title. */
  question: string;
  /** The button's label and the confirming button's label. */
  children: ReactNode;
  confirmLabel: string;
  /** "danger": a red button, and a red confirming button. */
  className?: string;
  size?: ButtonProps['size'];
  onConfirm(): void;
}

export function ConfirmButton({ question, children, confirmLabel, className, size = 'sm', onConfirm }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const danger = className === 'danger';
  return (
    <>
      <Button type="button" size={size} variant={danger ? 'outline' : 'default'} color={danger ? 'red' : undefined} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open && (
        <ConfirmDialog
          title={question}
          confirmLabel={confirmLabel}
          danger={danger}
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
