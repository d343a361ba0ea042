// Forms generated from a JSON Schema's top-level properties: the "call tool" form (UI-3), the
// elicitation form a server asks the person to fill in (PROTO-3, the page) and what the one-shot
// CLI says `--input` must carry. Scalars get inputs; objects, arrays and anything unusual get a
// JSON text box. Issue 14: the schema's defaults fill the form, and the same arguments can be
// written as raw JSON; both ways are checked against the fields (checkArguments) before a call
// or an answer leaves.

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface Field {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string;
  options: string[];
  /** What each option is called (`oneOf` items' `title`, elicitation's titled enums); else the option. */
  optionLabels: string[];
  /** The schema's `title`, '' when it has none (an elicitation form labels its fields with it). */
  title: string;
  /** The schema's `default`, filled into the form (issue 14); undefined when it has none. */
  default: unknown;
}

type Schema = Record<string, unknown>;

/** `oneOf: [{const, title}]`: the titled single-select of elicitation schemas (2025-11-25). */
function constOptions(s: Schema): Array<{ value: string; label: string }> | null {
  if (!Array.isArray(s.oneOf) || s.oneOf.length === 0) return null;
  const out: Array<{ value: string; label: string }> = [];
  for (const o of s.oneOf as Schema[]) {
    if (!o || typeof o.const !== 'string') return null;
    out.push({ value: o.const, label: typeof o.title === 'string' ? o.title : o.const });
  }
  return out;
}

function kindOf(s: Schema): FieldKind {
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return 'enum';
  if (constOptions(s)) return 'enum';
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return type;
  return 'json';
}

export function fieldsOf(schema: Schema): Field[] {
  const props = schema.properties && typeof schema.properties === 'object' ? (schema.properties as Record<string, Schema>) : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([name, raw]) => {
    const s = raw ?? {};
    const titled = constOptions(s);
    const options = titled ? titled.map((o) => o.value) : Array.isArray(s.enum) ? (s.enum as unknown[]).map(String) : [];
    const names = Array.isArray(s.enumNames) && s.enumNames.length === options.length ? (s.enumNames as unknown[]).map(String) : null;
    return {
      name,
      kind: kindOf(s),
      required: required.has(name),
      description: typeof s.description === 'string' ? s.description : '',
      options,
      optionLabels: titled ? titled.map((o) => o.label) : (names ?? options),
      title: typeof s.title === 'string' ? s.title : '',
      default: s.default,
    };
  });
}

export type FormValues = Record<string, string | boolean>;

/** Form text → arguments; errors per field name (empty optional fields are left out). */
export function toArguments(fields: Field[], values: FormValues): { args: Record<string, unknown>; errors: Record<string, string> } {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'boolean') {
      if (v !== undefined) args[f.name] = v === true;
      continue;
    }
    const text = typeof v === 'string' ? v : '';
    if (text.trim() === '') {
      if (f.required) errors[f.name] = 'required';
      continue;
    }
    if (f.kind === 'number' || f.kind === 'integer') {
      const n = Number(text);
      if (!Number.isFinite(n) || (f.kind === 'integer' && !Number.isInteger(n))) errors[f.name] = f.kind === 'integer' ? 'whole number' : 'number';
      else args[f.name] = n;
    } else if (f.kind === 'json') {
      try {
        args[f.name] = JSON.parse(text);
      } catch {
        errors[f.name] = 'JSON';
      }
    } else args[f.name] = text;
  }
  return { args, errors };
}

/** Arguments → form text (the JSON → form switch; with the defaults, the form's first values). */
export function fromArguments(fields: Field[], args: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const v = args[f.name];
    if (v === undefined) continue;
    if (f.kind === 'boolean') values[f.name] = v === true;
    else values[f.name] = f.kind === 'json' || typeof v === 'object' ? JSON.stringify(v, null, 2) : String(v);
  }
  return values;
}

/** The form's first values: each field's schema default. */
export function defaultValues(fields: Field[]): FormValues {
  return fromArguments(fields, Object.fromEntries(fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default])));
}

const KIND_OK: Record<Exclude<FieldKind, 'json'>, (v: unknown, f: Field) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  enum: (v, f) => typeof v === 'string' && f.options.includes(v),
};
const KIND_WORD: Record<Exclude<FieldKind, 'json'>, string> = { string: 'text', number: 'number', integer: 'whole number', boolean: 'true/false', enum: 'listed' };

/** Raw JSON arguments: parsed, an object, and each known field of the right kind (errors as toArguments'). */
export function parseJsonArguments(fields: Field[], text: string): { args: Record<string, unknown>; errors: Record<string, string>; invalid?: { detail: string } | 'not-object' } {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (err) {
    return { args: {}, errors: {}, invalid: { detail: err instanceof Error ? err.message : String(err) } };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { args: {}, errors: {}, invalid: 'not-object' };
  const args = parsed as Record<string, unknown>;
  return { args, errors: checkArguments(fields, args) };
}

/**
 * Each known field of the right kind, required ones present (errors per field name, the words of
 * toArguments'). `defaultsFill`: a missing field with a schema default is fine (an accepted
 * elicitation gets the defaults applied by the SDK, SEP-1034).
 */
export function checkArguments(fields: Field[], args: Record<string, unknown>, o: { defaultsFill?: boolean } = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = args[f.name];
    if (v === undefined) {
      if (f.required && !(o.defaultsFill && f.default !== undefined)) errors[f.name] = 'required';
    } else if (f.kind !== 'json' && !KIND_OK[f.kind](v, f)) errors[f.name] = KIND_WORD[f.kind];
  }
  return errors;
}
