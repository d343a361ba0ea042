// SEC-2 / SEC-9: secrets inside free text leaving the host (state reasons, lastError, targets,
// error messages, logs, tool results the CLI prints). The spans are the one rule's
// (text-rules.ts, which the writer refuses by too); on top, the values the host knows are secret
// (the current config's) are masked wherever they appear.
import { maskSpans, textSecretSpans, type Span } from './text-rules';

/** What every output (page, CLI, bridge, records) shows in place of a secret. */
export const SECRET_MASK = '••••••';

/** Known secrets shorter than this are not scrubbed from text (they would hit ordinary words). */
const MIN_KNOWN = 4;

/** Every place a known secret occurs in `text`. */
function knownSpans(text: string, known: readonly string[]): Span[] {
  const out: Span[] = [];
  for (const k of new Set(known)) {
    if (k.length < MIN_KNOWN) continue;
    for (let at = text.indexOf(k); at >= 0; at = text.indexOf(k, at + k.length)) out.push([at, at + k.length]);
  }
  return out;
}

/** `text` with every secret the rules recognise, and every `known` secret, replaced by `mask`. */
export function maskSecretsInText(text: string, mask: string, known: readonly string[] = []): string {
  return maskSpans(text, [...knownSpans(text, known), ...textSecretSpans(text, mask)], mask);
}

/**
 * SEC-2, issue 21 F3: THE redaction of text leaving any host (the page's answers and events,
 * every line the CLI prints, what the bridge tells the agent, its stderr and live record). No
 * zod, no catalogue: the bridge and the CLI's print boundary load it at start.
 */
export function redactText(text: string, known: readonly string[] = []): string {
  return maskSecretsInText(text, SECRET_MASK, known);
}
