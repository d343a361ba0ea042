// In-page dialogs on Mantine's Modal (the browser's prompt and confirm boxes do not exist in
// Electron): focus trap, Escape to cancel, the title labels it. Mounted = open: a parent shows
// it by rendering it, and the focus goes back to where it was when the parent removes it (UI-9).
import { useCallback, useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '../store-context';

export interface DialogProps {
  title: string;
  /** Escape, the close button, a click outside, or the Cancel button. */
  onCancel(): void;
  /** Enter in a field or the primary button; the dialog stays open until the parent unmounts it. */
  onSubmit(): void;
  children?: ReactNode;
  /** The buttons; one of them should be `type="submit"`. Mark the one to focus with `data-autofocus`. */
  actions: ReactNode;
  /** The id of the text that says what the dialog is about. */
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
}

export function Dialog({ title, onCancel, onSubmit, children, actions, describedBy, role = 'dialog', testId }: DialogProps) {
  const t = useT();
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // After React has removed the modal, so the trap does not take the focus back.
      setTimeout(() => opener?.isConnected && opener.focus(), 0);
    };
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  // Mantine's content is always role="dialog": an alert dialog says so once it is in the page.
  const content = useRef<HTMLElement | null>(null);
  // Stable: a new ref callback on every render makes the modal's focus trap run again, which
  // moves the focus back to the first field after each keystroke in a form of several fields.
  const setContent = useCallback(
    (el: HTMLElement | null) => {
      content.current = el;
      if (!el) return;
      el.setAttribute('role', role);
      if (describedBy) el.setAttribute('aria-describedby', describedBy);
      if (testId) el.dataset.testid = testId;
    },
    [role, describedBy, testId],
  );
  return (
    <Modal.Root opened onClose={onCancel} returnFocus={false} size="lg" centered>
      <Modal.Overlay />
      <Modal.Content ref={setContent}>
        <Modal.Header>
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} />
        </Modal.Header>
        <Modal.Body>
          <form onSubmit={submit} noValidate>
            {children}
            <Group justify="flex-end" gap="xs" mt="md">
              {actions}
            </Group>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export interface ConfirmDialogProps {
  title: string;
  message?: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Yes or no: Cancel has the focus, so Enter on a stray keypress does not destroy anything. */
export function ConfirmDialog({ title, message, confirmLabel, danger, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  const messageId = useId();
  return (
    <Dialog
      title={title}
      role="alertdialog"
      onCancel={onCancel}
      onSubmit={onConfirm}
      describedBy={message ? messageId : undefined}
      testId="confirm-dialog"
      actions={
        <>
          <Button type="button" variant="default" data-autofocus onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message && (
        <Text id={messageId} size="sm">
          {message}
        </Text>
      )}
    </Dialog>
  );
}
