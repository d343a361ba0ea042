// Results of actions as Mantine notifications (issue 14 item 1), each with a labelled close
// button: Mantine's own has no accessible name, which axe reports as critical (button-name).
import { notifications } from '@mantine/notifications';
import type { Translator } from '../../../shared/i18n';

export interface Notice {
  message: string;
  title?: string;
  tone?: 'ok' | 'error' | 'info';
}

const COLOR = { ok: 'teal', error: 'red', info: 'indigo' } as const;

export function notify(t: Translator, { message, title, tone = 'info' }: Notice): void {
  notifications.show({
    message,
    title,
    color: COLOR[tone],
    // Errors stay until dismissed: they may carry what to do next.
    autoClose: tone === 'error' ? false : 5000,
    closeButtonProps: { 'aria-label': t('dialog.close') },
  });
}
