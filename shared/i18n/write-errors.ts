// UI-9: a writer refusal in words: `{path}: sentence: detail`. One function for the renderer's
// banner and the host's English `message` (CLI, --json, agents), so both say the same thing.
import type { WriteText } from '../schemas/write-error';
import { type Locale, type MessageKey, translate } from './index';
import { en } from './messages';

export function isWriteKey(key: string): key is MessageKey {
  return key.startsWith('write.') && key in en;
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
