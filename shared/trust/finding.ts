// CONN-11 / REG-4: what the poisoning checks report. A finding is a code and its params, never
// English: the page and the CLI word it from the catalogues (trust.code.*, trust.kind.*).
import { z } from 'zod';

export const FINDING_KINDS = ['hidden', 'tag-block', 'bidi', 'instruction', 'sensitive-file', 'sensitive-action', 'shadowing'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/** Each code belongs to the kind before its dot. */
export const FINDING_CODES = [
  'hidden.zero-width',
  'hidden.soft-hyphen',
  'hidden.format',
  'hidden.control',
  'tag-block.payload',
  'bidi.override',
  'bidi.isolate',
  'instruction.ignore-previous',
  'instruction.conceal',
  'instruction.system-prompt',
  'instruction.tag',
  'instruction.emphasis',
  'instruction.before-use',
  'instruction.coerce',
  'sensitive-file.access',
  'sensitive-action.shell',
  'sensitive-action.pipe-to-shell',
  'sensitive-action.exfiltrate',
  'sensitive-action.send-to-url',
  'sensitive-action.encode',
  'shadowing.mentions',
  'shadowing.same-name',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export const FindingSchema = z.object({
  kind: z.enum(FINDING_KINDS),
  code: z.enum(FINDING_CODES),
  /** The tool whose text it is. */
  tool: z.string(),
  /** Where in the definition: `name`, `title`, `description`, `annotations/title`, `inputSchema/properties/a/description`… */
  field: z.string(),
  /** Fill the message: `phrase`, `file`, `chars`, `count`, `payload`, `server`, `otherTool`, `name`. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The text around the match, invisible characters shown escaped, at most EXCERPT_MAX characters. */
  excerpt: z.string(),
});
export type Finding = z.infer<typeof FindingSchema>;
export const EXCERPT_MAX = 160;

export function kindOf(code: FindingCode): FindingKind {
  return code.slice(0, code.indexOf('.')) as FindingKind;
}
