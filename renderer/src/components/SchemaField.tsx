// One field of a form built from a JSON Schema (shared/forms/schema-form.ts): the call-tool form
// (UI-3) and the form a server asks the person to fill in (PROTO-3 elicitation).
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { Field } from '../../../shared/forms/schema-form';

export interface SchemaFieldProps {
  f: Field;
  id: string;
  value: string | boolean | undefined;
  error: React.ReactNode;
  onChange: (v: string | boolean) => void;
  /** What the field is called (default its property name). */
  label?: string;
  /** What is said under it (default: its kind and description). */
  description?: string;
  /** The first field of a dialog's form takes the focus when it opens. */
  autoFocus?: boolean;
}

export function SchemaField({ f, id, value, error, onChange, label = f.name, description = [f.kind, f.description].filter(Boolean).join(' · '), autoFocus }: SchemaFieldProps) {
  const common = { id, label, withAsterisk: f.required, description, error, ...(autoFocus ? { 'data-autofocus': true } : {}) };
  if (f.kind === 'boolean') {
    const { withAsterisk: _, ...box } = common;
    return <Checkbox {...box} label={f.required ? `${label} *` : label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
  }
  if (f.kind === 'enum') {
    const data = [{ value: '', label: '' }, ...f.options.map((o, i) => ({ value: o, label: f.optionLabels[i] ?? o }))];
    return <NativeSelect {...common} data={data} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  if (f.kind === 'json') return <Textarea {...common} rows={3} resize="vertical" ff="monospace" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  return <TextInput {...common} inputMode={f.kind === 'string' ? undefined : 'decimal'} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
}
