// UI-2: add, edit, enable/disable, remove and import servers. A form per transport and a raw
// JSON tab over one draft, validated as you type with the dialect's zod schema; try it as a
// session-only server before writing it anywhere.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Code, Group, List, NativeSelect, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LayerKind } from '../../../../shared/schemas/server';
import { ConfirmButton } from '../../components/ConfirmButton';
import { KeychainProblem } from '../../components/KeychainProblem';
import { BridgeOffer } from '../bridges/BridgeOffer';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import { selectServers } from '../../stores/servers-slice';
import { isEmptyEntry, validateEntry, validateName } from './draft';
import classes from './editor.module.css';
import { EntryForm } from './EntryForm';
import { ImportPanel } from './ImportPanel';
import { InstallPanel } from '../install/InstallPanel';
import { Refusal } from './Refusal';

export function EditorView() {
  const t = useT();
  const target = useApp((s) => s.editTarget);
  const servers = useApp(selectServers);
  const dialect = useApp((s) => s.view?.profile ?? 'minimax');
  const s = useApp((st) => st);
  const [tab, setTab] = useState<'form' | 'raw'>('form');
  const [raw, setRaw] = useState('');
  const [rawError, setRawError] = useState<string | null>(null);
  const [installing, setInstalling] = useState(false);

  const row = target.mode === 'edit' ? (servers.find((r) => r.id === target.id) ?? null) : null;
  useEffect(() => {
    void s.startDraft(row);
    // Only when the target changes: later server refreshes must not wipe the draft.
  }, [target]); // deliberately not `row`
  useEffect(() => {
    if (tab === 'form') setRaw(JSON.stringify(s.draft, null, 2));
  }, [s.draft, tab]);
  // Every save (the button, or "apply my edit" after a conflict) ends here.
  useEffect(() => {
    if (s.saved) notifications.show({ color: 'teal', title: t('editor.savedTitle'), message: t('editor.saved', { path: s.saved }) });
  }, [s.saved]); // not `t`: a language switch must not say it again

  const issues = useMemo(() => validateEntry(dialect, s.draft, t.locale), [dialect, s.draft, t.locale]);
  // A new, untouched form is not wrong yet: it says what to fill in, not what is missing.
  const pristine = !s.originalName && s.draftName === '' && isEmptyEntry(dialect, s.draft);
  const taken = servers.filter((r) => r.layer === s.draftLayer && r.name !== s.originalName).map((r) => r.name);
  const nameError = validateName(s.draftName, taken);
  const layer = s.layers?.find((l) => l.layer === s.draftLayer);
  const canSave = !nameError && issues.length === 0 && !rawError && !!layer && layer.readOnly === null && !s.saving;
  const onRaw = (text: string) => {
    setRaw(text);
    try {
      const v: unknown = JSON.parse(text);
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(t('editor.rawObject'));
      setRawError(null);
      s.setDraft(v as Record<string, unknown>);
    } catch (err) {
      setRawError((err as Error).message);
    }
  };
  const onKeychain = (slot: Parameters<typeof s.moveToKeychain>[0], value: string) => void s.moveToKeychain(slot, value);
  const onTry = async () => {
    const name = s.draftName;
    if (await s.trySession()) notifications.show({ color: 'teal', title: t('editor.triedTitle'), message: t('editor.tried', { name }) });
  };

  return (
    <Stack component="section" aria-labelledby="editor-title" className="editor" gap="md" maw={960}>
      <PageHeader
        titleId="editor-title"
        title={s.originalName ? t('editor.editTitle', { name: s.originalName }) : t('editor.addTitle')}
        actions={
          s.originalName && (
            <Button variant="default" onClick={() => s.openEditor({ mode: 'add' })}>
              {t('editor.new')}
            </Button>
          )
        }
      />
      <Group align="flex-start" grow wrap="wrap">
        <Stack gap={4} miw={260}>
          <NativeSelect
            id="ed-layer"
            label={t('editor.layer')}
            value={s.draftLayer}
            onChange={(e) => s.setDraftLayer(e.currentTarget.value as LayerKind)}
            disabled={!!s.originalName}
            data={(s.layers ?? []).map((l) => ({
              value: l.layer,
              label: `${t(`layer.${l.layer}`)}: ${l.path}${l.readOnly !== null ? ` (${t('editor.readOnly')})` : ''}`,
              disabled: l.readOnly !== null,
            }))}
          />
          {layer?.readOnly && (
            <Text size="sm" c="yellow" className={classes.wrap}>
              {t('servers.readOnlyProject', { path: layer.path })}
            </Text>
          )}
        </Stack>
        <TextInput
          id="ed-name"
          miw={200}
          label={t('editor.name')}
          value={s.draftName}
          onChange={(e) => s.setDraftName(e.currentTarget.value)}
          aria-invalid={!!nameError}
          error={nameError && s.draftName !== '' ? t(`editor.name.${nameError}` as 'editor.name.empty') : undefined}
        />
      </Group>
      <Tabs value={tab} onChange={(v) => setTab(v === 'raw' ? 'raw' : 'form')} keepMounted={false}>
        <Tabs.List aria-label={t('editor.view')}>
          <Tabs.Tab value="form">{t('editor.tabForm')}</Tabs.Tab>
          <Tabs.Tab value="raw">{t('editor.tabRaw')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form" pt="sm">
          <EntryForm dialect={dialect} entry={s.draft} onChange={s.setDraft} onKeychain={onKeychain} />
        </Tabs.Panel>
        <Tabs.Panel value="raw" pt="sm">
          <Textarea
            id="ed-raw"
            label={t('editor.rawLabel', { dialect })}
            rows={14}
            resize="vertical"
            ff="monospace"
            spellCheck={false}
            value={raw}
            onChange={(e) => onRaw(e.currentTarget.value)}
            aria-invalid={!!rawError}
            error={rawError ? t('editor.rawError', { message: rawError }) : undefined}
          />
        </Tabs.Panel>
      </Tabs>
      {/* BRIDGE-4: a saved entry the agent cannot use as written is offered the bridge. */}
      {row && s.originalName === row.name && <BridgeOffer key={row.id} bridge={s.editorBridge} serverId={row.id} onChanged={() => void s.loadServers()} />}
      {/* AGENT-3: the saved entry into other agents, after the per-agent preview. */}
      {row && s.originalName === row.name && (
        <Group>
          <Button variant="default" onClick={() => setInstalling((v) => !v)} data-testid="open-install">
            {t('install.open')}
          </Button>
        </Group>
      )}
      {row && installing && s.originalName === row.name && <InstallPanel key={row.id} from={{ kind: 'server', id: row.id }} server={row.name} sourceProfile={dialect} />}
      <div aria-live="polite" data-testid="validation">
        {pristine ? (
          <Text size="sm" c="dimmed">
            {t('editor.start')}
          </Text>
        ) : issues.length === 0 ? (
          <Text size="sm" c="teal">
            {t('editor.valid', { dialect })}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {issues.map((i) => (
              <List.Item key={i.pointer + i.message} c="red" className={classes.wrap}>
                <Code>{i.pointer}</Code> {i.message}
              </List.Item>
            ))}
          </List>
        )}
      </div>
      {s.secretNotes.map((n, i) => (
        <Alert key={i} color={n.keychain ? 'yellow' : 'teal'} variant="light" role="status">
          {t(n.keychain ? 'editor.storedInMemory' : 'editor.storedInKeychain', { variable: `\${${n.variable}}` })}
          {n.keychain && <KeychainProblem status={n.keychain} />}
        </Alert>
      ))}
      <Refusal />
      <Group gap="xs">
        <Button disabled={!canSave} loading={s.saving} onClick={() => void s.save()}>
          {t('editor.save', { path: layer?.path ?? '' })}
        </Button>
        <Button variant="default" disabled={!!nameError || issues.length > 0} onClick={() => void onTry()}>
          {t('editor.try')}
        </Button>
        {s.originalName && (
          <ConfirmButton className="danger" question={t('editor.removeConfirm', { name: s.originalName })} confirmLabel={t('editor.remove')} onConfirm={() => void s.removeServer()}>
            {t('editor.remove')}
          </ConfirmButton>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('editor.tryHelp')}
      </Text>
      <ImportPanel />
    </Stack>
  );
}
