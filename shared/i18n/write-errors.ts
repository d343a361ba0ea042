// UI-9: a writer refusal in words: `{path}: sentence: detail`. One function for the renderer's
// banner and the host's English `message` (CLI, --json, agents), so both say the same thing.
import type { WriteText } from '../schemas/write-error';
import { type Locale, type MessageKey, translate } from './index';
import { en } from './messages';

/** Keys a host error may carry: the writer's refusals and the handlers' own (`host.*`). */
export function isWriteKey(key: string): key is MessageKey {
  return /^(write|host)\./.test(key) && key in en;
}

export function writeErrorText(locale: Locale, text: WriteText): string {
  const params = text.params ?? {};
  const sentence = isWriteKey(text.key) ? translate(locale, text.key, params) : text.key;
  const path = typeof params.path === 'string' ? `${params.path}: ` : '';
  return `${path}${sentence}${text.detail ? `: ${text.detail}` : ''}`;
}

/** The `data.text` of a writer refusal that crossed the boundary, or null (older hosts, other errors). */
export function writeTextOf(data: unknown): WriteText | null {
  const text = data && typeof data === 'object' ? (data as { text?: unknown }).text : undefined;
  if (!text || typeof text !== 'object' || typeof (text as WriteText).key !== 'string') return null;
  return text as WriteText;
}

/** Any host error in the UI's language: its coded text when the host sent one, else its English message. */
export function errorText(locale: Locale, error: { message: string; data?: unknown }): string {
  const text = writeTextOf(error.data);
  return text ? writeErrorText(locale, text) : error.message;
}
