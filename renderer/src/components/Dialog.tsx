// An in-page modal on the native <dialog> (the browser's prompt and confirm boxes do not exist in Electron):
// showModal gives the focus trap, the inert page behind and the top layer; Escape cancels;
// the title labels it. Mounted = open: a parent shows it by rendering it.
import { useEffect, useId, useRef, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useT } from '../store-context';

// styles.css knows nothing of dialogs; the theme variables keep it in the page's colours.
const STYLE: CSSProperties = { background: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--line)', borderRadius: 8, minWidth: 'min(480px, 90vw)' };

export interface DialogProps {
  title: string;
  /** Escape, the Cancel button, or the host closing the dialog. */
  onCancel(): void;
  /** Enter in a field or the primary button; the dialog stays open until the parent unmounts it. */
  onSubmit(): void;
  children?: ReactNode;
  /** The buttons; one of them should be `type="submit"`. */
  actions: ReactNode;
  /** Gets the focus on open (default: the first field or button inside). */
  initialFocus?: string;
  /** The id of the text that says what the dialog is about. */
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
}

export function Dialog({ title, onCancel, onSubmit, children, actions, initialFocus, describedBy, role = 'dialog', testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useEffect(() => {
    const el = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom and old engines lack showModal: still open, just not modal.
    if (typeof el.showModal === 'function' && !el.open) el.showModal();
    else el.setAttribute('open', '');
    const target = (initialFocus ? document.getElementById(initialFocus) : null) ?? el.querySelector<HTMLElement>('input, select, textarea, button');
    target?.focus();
    // The browser closes a cancelled dialog itself; React owns that here, so say no and tell the parent.
    const onCancelEvent = (e: Event) => {
      e.preventDefault();
      cancel.current();
    };
    el.addEventListener('cancel', onCancelEvent);
    return () => {
      el.removeEventListener('cancel', onCancelEvent);
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
      opener?.focus(); // keyboard users land where they were (UI-9)
    };
  }, [initialFocus]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      data-testid={testId}
      style={STYLE}
      onKeyDown={(e) => {
        // Where showModal is missing no cancel event comes: handle Escape here, once.
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="actions">{actions}</div>
      </form>
    </dialog>
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
  const cancelId = useId();
  const messageId = useId();
  return (
    <Dialog
      title={title}
      role="alertdialog"
      onCancel={onCancel}
      onSubmit={onConfirm}
      initialFocus={cancelId}
      describedBy={message ? messageId : undefined}
      testId="confirm-dialog"
      actions={
        <>
          <button type="button" id={cancelId} onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className={danger ? 'danger' : 'primary'}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {message && <p id={messageId}>{message}</p>}
    </Dialog>
  );
}
