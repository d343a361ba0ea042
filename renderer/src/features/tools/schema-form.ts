// UI-3 "call tool" form: fields generated from a tool's JSON Schema (top-level properties).
// Scalars get inputs; objects, arrays and anything unusual get a JSON text box.

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface Field {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string;
  options: string[];
}

type Schema = Record<string, unknown>;

function kindOf(s: Schema): FieldKind {
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return 'enum';
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return type;
  return 'json';
}

export function fieldsOf(schema: Schema): Field[] {
  const props = schema.properties && typeof schema.properties === 'object' ? (schema.properties as Record<string, Schema>) : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    kind: kindOf(s ?? {}),
    required: required.has(name),
    description: typeof s?.description === 'string' ? s.description : '',
    options: Array.isArray(s?.enum) ? (s.enum as unknown[]).map(String) : [],
  }));
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
