// CONN-11 on the command line: one finding as a line of text (the --json carries the codes).
import { findingKindLabel, findingSentence } from '../../../shared/i18n/trust';
import type { Finding } from '../../../shared/trust/finding';

/** `Sensitive file (description): Asks for a sensitive file: ~/.ssh/id_rsa.` */
export function findingLine(f: Finding): string {
  return `${findingKindLabel('en', f)} (${f.field}): ${findingSentence('en', f)}`;
}
