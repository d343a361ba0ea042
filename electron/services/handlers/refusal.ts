// A handler's refusal as a key and params (UI-9): the page says it in its language from
// `data.text` (shared/i18n/write-errors.ts errorText), the CLI prints the English message,
// both from the one catalogue (shared/i18n/messages/host.ts).
import { writeErrorText } from '../../../shared/i18n/write-errors';
import { AppError, type ErrorCode } from '../../../shared/errors';
import type { en } from '../../../shared/i18n/messages';
import type { EffectiveServer } from '../../../shared/schemas/server';

type HostKey = Extract<keyof typeof en, `host.${string}`>;

export function hostError(code: ErrorCode, key: HostKey, params: Record<string, string | number> = {}, opts: { detail?: string; data?: Record<string, unknown> } = {}): AppError {
  const text = { key, params, ...(opts.detail ? { detail: opts.detail } : {}) };
  return new AppError(code, writeErrorText('en', text), { ...opts.data, text });
}

/**
 * A server that cannot run, refused in the same words wherever it is asked (reconnect, refresh,
 * a tool call, the inspector, accepting its list; issue 36: it was worded three ways), with
 * `reason: 'not-running'` for a page that offers the way to the Servers view.
 */
export function notRunnable(s: Pick<EffectiveServer, 'name' | 'error' | 'enabled'>): AppError {
  const data = { reason: 'not-running' };
  if (s.error) return hostError('refused', 'host.cannot_connect', { name: s.name }, { detail: s.error, data });
  return hostError('refused', s.enabled ? 'host.cannot_connect_untrusted' : 'host.cannot_connect_disabled', { name: s.name }, { data });
}
