// PROTO-3 on the one-shot CLI: what a tool asks of the person mid-call (a form, a URL to open, a
// sampling reply) is answered from the command line — `--input '{"field":…}'`, `--open-urls`,
// `--reply TEXT` — and otherwise declined, and the command then says what was asked and how to
// give it. The schema's defaults fill the fields not given (the SDK applies them on accept).
// The flags are the person's answer; settle.ts checks it and opens an agreed URL, as for the page.
import { fieldsOf, type Field } from '../../../shared/forms/schema-form';
import type { InputAnswer, InputRequest } from '../../services/mcp/types';
import type { BrowserOpener } from '../../services/auth/opener';
import { settleAnswer } from '../../services/inputs/settle';

export interface CliInputs {
  input?: Record<string, string | number | boolean | string[]>;
  reply?: string;
  openUrls: boolean;
}

export interface Asked {
  req: InputRequest;
  answered: boolean;
  /** The flag was given but did not fit (a field of the wrong kind, a link that is not http(s)). */
  problem?: string;
}

/** One line per field of the form the page would show (shared/forms): what `--input` must carry. */
export function describeFields(schema: Record<string, unknown>): string[] {
  return fieldsOf(schema).map((f) => {
    const bits: string[] = [f.kind === 'enum' ? 'string' : f.kind === 'json' ? 'value' : f.kind];
    if (f.options.length) bits.push(`one of ${f.options.map((e) => JSON.stringify(e)).join(', ')}`);
    if (f.default !== undefined) bits.push(`default ${JSON.stringify(f.default)}`);
    if (f.required) bits.push('required');
    const label = f.title ? ` — ${f.title}` : f.description ? ` — ${f.description}` : '';
    return `${f.name} (${bits.join(', ')})${label}`;
  });
}

/** The person's answer as the flags give it; null: not given (declined, and said afterwards). */
function fromFlags(o: CliInputs, req: InputRequest): InputAnswer | null {
  if (req.kind === 'form') return o.input ? { action: 'accept', content: o.input } : null;
  if (req.kind === 'url') return o.openUrls ? { action: 'accept' } : null;
  return o.reply === undefined ? null : { action: 'reply', text: o.reply };
}

export function cliInputHandler(o: CliInputs, opener: () => Promise<BrowserOpener>, asked: Asked[]) {
  return async (req: InputRequest): Promise<InputAnswer> => {
    const given = fromFlags(o, req);
    if (!given) return asked.push({ req, answered: false }), { action: 'decline' };
    try {
      // The http(s)-only opener (SEC-1), loaded only when a URL is to be opened.
      const answer = await settleAnswer(req, given, async (url) => (await opener()).open(url));
      asked.push({ req, answered: true });
      return answer;
    } catch (err) {
      asked.push({ req, answered: false, problem: err instanceof Error ? err.message : String(err) });
      return { action: 'decline' };
    }
  };
}

/** What the tool asked and the person did not answer, with how to answer it next time. */
export function unansweredLines(asked: Asked[]): string[] {
  const out: string[] = [];
  for (const { req, answered, problem } of asked) {
    if (answered) continue;
    if (problem) out.push(`what you gave was not used: ${problem}`);
    if (req.kind === 'form') {
      out.push(`the tool asked for input: ${req.message}`);
      for (const f of describeFields(req.schema)) out.push(`  ${f}`);
      out.push(`  give it with --input '${JSON.stringify(exampleInput(req.schema))}'`);
    } else if (req.kind === 'url') {
      out.push(`the tool asked you to open ${req.url} (${req.message}); run again with --open-urls to open it`);
    } else {
      out.push(`the tool asked for a sampling reply (the panel has no model); run again with --reply TEXT to answer as the model`);
    }
  }
  return out;
}

function exampleInput(schema: Record<string, unknown>): Record<string, unknown> {
  const example = (f: Field) => f.default ?? (f.kind === 'number' || f.kind === 'integer' ? 0 : f.kind === 'boolean' ? false : f.kind === 'enum' ? (f.options[0] ?? '…') : '…');
  return Object.fromEntries(fieldsOf(schema).map((f) => [f.name, example(f)]));
}
