// REG-2: the form a registry entry's server.json asks for, one way at a time: runtime and
// package arguments, environment variables, headers, URL variables; required fields marked,
// defaults said (and left to the host to apply), choices as a select, `isSecret` fields as
// password inputs whose value goes with the install to the keychain (or the agent's own secret
// input) and into no file, as `install --from-registry` does with stdin. A field's problem
// comes back from the host's preview (install.preview's `problems`) and is said beside it.
import { Checkbox, NativeSelect, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { RegistryEntry } from '../../../../shared/contract';
import type { MessageKey } from '../../../../shared/i18n';
import { useT } from '../../store-context';
import { shown } from './EntryBadges';
import classes from './discover.module.css';

export type RegistryField = RegistryEntry['ways'][number]['fields'][number];
export type FormValues = Record<string, string[]>;
export type FieldProblems = Record<string, string>;

const GROUPS: RegistryField['group'][] = ['url', 'headers', 'env', 'runtime', 'package'];

function Field({ f, value, problem, onChange }: { f: RegistryField; value: string[]; problem: string | undefined; onChange: (v: string[]) => void }) {
  const t = useT();
  const label = shown(f.label);
  const hints = [f.description ? shown(f.description) : null, f.default !== null ? t('discover.form.default', { value: shown(f.default) }) : null, f.secret ? t('discover.form.secret') : null, f.repeated ? t('discover.form.repeated') : null].filter(Boolean).join(' · ');
  const error = problem ? t.code('discover.problem', { code: problem }) : undefined;
  const common = { label, description: hints || undefined, required: f.required, error, 'data-testid': `discover-field-${f.key}`, 'data-key': f.key };
  const one = value[0] ?? '';
  const set = (v: string) => onChange(v === '' ? [] : [v]);
  if (f.secret) return <PasswordInput {...common} value={one} onChange={(e) => set(e.currentTarget.value)} autoComplete="new-password" />;
  if (f.choices) {
    const data = [...(f.required ? [] : [{ value: '', label: t('discover.form.unset') }]), ...f.choices.map((c) => ({ value: c, label: shown(c) }))];
    return <NativeSelect {...common} value={one} onChange={(e) => set(e.currentTarget.value)} data={f.required && !one ? [{ value: '', label: '—', disabled: true }, ...data] : data} />;
  }
  if (f.format === 'boolean') return <Checkbox {...common} description={hints || undefined} checked={one === 'true'} onChange={(e) => set(e.currentTarget.checked ? 'true' : 'false')} />;
  if (f.repeated)
    return <Textarea {...common} autosize minRows={2} value={value.join('\n')} onChange={(e) => onChange(e.currentTarget.value.split('\n').filter((l) => l !== ''))} placeholder={f.placeholder ? shown(f.placeholder) : undefined} />;
  return <TextInput {...common} value={one} onChange={(e) => set(e.currentTarget.value)} inputMode={f.format === 'number' ? 'numeric' : undefined} placeholder={f.placeholder ? shown(f.placeholder) : (f.default ?? undefined)} spellCheck={false} />;
}

export function RegistryForm({ fields, values, problems, onChange }: { fields: RegistryField[]; values: FormValues; problems: FieldProblems; onChange: (key: string, v: string[]) => void }) {
  const t = useT();
  if (fields.length === 0) return <Text size="sm">{t('discover.form.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="discover-form">
      {GROUPS.map((g) => {
        const list = fields.filter((f) => f.group === g);
        if (list.length === 0) return null;
        return (
          <Stack key={g} gap={6}>
            <Title order={4} size="h6">
              {t(`discover.group.${g}` as MessageKey)}
            </Title>
            <div className={classes.fields}>
              {list.map((f) => (
                <Field key={f.key} f={f} value={values[f.key] ?? []} problem={problems[f.key]} onChange={(v) => onChange(f.key, v)} />
              ))}
            </div>
          </Stack>
        );
      })}
    </Stack>
  );
}
