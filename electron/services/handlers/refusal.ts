// A handler's refusal as a key and params (UI-9): the page says it in its language from
// `data.text` (shared/i18n/write-errors.ts errorText), the CLI prints the English message,
// both from the one catalogue (shared/i18n/messages/host.ts).
import { writeErrorText } from '../../../shared/i18n/write-errors';
import { AppError, type ErrorCode } from '../../../shared/errors';
import type { en } from '../../../shared/i18n/messages';

type HostKey = Extract<keyof typeof en, `host.${string}`>;

export function hostError(code: ErrorCode, key: HostKey, params: Record<string, string | number> = {}, opts: { detail?: string; data?: Record<string, unknown> } = {}): AppError {
  const text = { key, params, ...(opts.detail ? { detail: opts.detail } : {}) };
  return new AppError(code, writeErrorText('en', text), { ...opts.data, text });
}
