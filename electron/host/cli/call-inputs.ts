// PROTO-3 on the one-shot CLI: what a tool asks of the person mid-call (a form, a URL to open, a
// sampling reply) is answered from the command line — `--input '{"field":…}'`, `--open-urls`,
// `--reply TEXT` — and otherwise declined, and the command then says what was asked and how to
// give it. The schema's defaults fill the fields not given (the SDK applies them on accept).
import type { InputAnswer, InputRequest } from '../../services/mcp/types';
import type { BrowserOpener } from '../../services/auth/opener';

export interface CliInputs {
  input?: Record<string, string | number | boolean | string[]>;
  reply?: string;
  openUrls: boolean;
}

export interface Asked {
  req: InputRequest;
  answered: boolean;
}

type Prop = { type?: unknown; default?: unknown; title?: unknown; description?: unknown; enum?: unknown };

/** One line per field: name, type, default, required — what `--input` must carry. */
export function describeFields(schema: Record<string, unknown>): string[] {
  const props = (schema.properties ?? {}) as Record<string, Prop>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([name, p]) => {
    const bits = [typeof p.type === 'string' ? p.type : 'value'];
    if (Array.isArray(p.enum)) bits.push(`one of ${p.enum.map((e) => JSON.stringify(e)).join(', ')}`);
    if (p.default !== undefined) bits.push(`default ${JSON.stringify(p.default)}`);
    if (required.has(name)) bits.push('required');
    const label = typeof p.title === 'string' ? ` — ${p.title}` : typeof p.description === 'string' ? ` — ${p.description}` : '';
    return `${name} (${bits.join(', ')})${label}`;
  });
}

export function cliInputHandler(o: CliInputs, opener: () => Promise<BrowserOpener>, asked: Asked[]) {
  return async (req: InputRequest): Promise<InputAnswer> => {
    const record = (answered: boolean) => asked.push({ req, answered });
    if (req.kind === 'form') {
      if (!o.input) return record(false), { action: 'decline' };
      record(true);
      return { action: 'accept', content: o.input };
    }
    if (req.kind === 'url') {
      if (!o.openUrls) return record(false), { action: 'decline' };
      // The http(s)-only opener (SEC-1): anything else is refused there.
      await (await opener()).open(req.url);
      record(true);
      return { action: 'accept' };
    }
    if (o.reply === undefined) return record(false), { action: 'decline' };
    record(true);
    return { action: 'reply', text: o.reply };
  };
}

/** What the tool asked and the person did not answer, with how to answer it next time. */
export function unansweredLines(asked: Asked[]): string[] {
  const out: string[] = [];
  for (const { req, answered } of asked) {
    if (answered) continue;
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
  const props = (schema.properties ?? {}) as Record<string, Prop>;
  return Object.fromEntries(Object.entries(props).map(([k, p]) => [k, p.default ?? (p.type === 'number' || p.type === 'integer' ? 0 : p.type === 'boolean' ? false : '…')]));
}
