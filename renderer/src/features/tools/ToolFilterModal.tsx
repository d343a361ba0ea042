// CONN-8: turn single tools of one server on or off where the agent reads such a field (kimi
// enabledTools / disabledTools, minara include), with the effect shown before saving: names
// that disappear or appear, collisions resolved or created, the context budget (DISC-1).
// Where the agent has no such field (minimax) it says so and offers no switch.
import { Alert, Button, Code, Group, List, Loader, Modal, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ToolFilterPreview } from '../../../../shared/contract';
import { errorText } from '../../../../shared/i18n/write-errors';
import { useApp, useT } from '../../store-context';

export function Names({ title, rows, testId }: { title: string; rows: { name: string; serverName: string; tool: string }[]; testId: string }) {
  const t = useT();
  if (!rows.length) return null;
  return (
    <div data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {rows.map((r) => (
          <List.Item key={`${r.name}\u0000${r.serverName}\u0000${r.tool}`}>
            <Code style={{ overflowWrap: 'anywhere' }}>{r.name}</Code> <Text span size="xs" c="dimmed">{t('tools.rowOrigin', { server: r.serverName, tool: r.tool })}</Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

function Effect({ p, contextWindow }: { p: ToolFilterPreview; contextWindow: number }) {
  const t = useT();
  const pct = (n: number) => t.percent(n / contextWindow);
  const changed = Object.keys(p.patch).length > 0 || p.map.length > 0;
  // OpenCode's switch is its file-wide map: shown as the keys written (null: removed).
  const written = p.map.length ? { [p.fields[0] ?? '']: Object.fromEntries(p.map) } : p.patch;
  const collision = (c: ToolFilterPreview['resolved'][number]) => ({ name: c.name, serverName: `${c.winner.serverName} ↔ ${c.loser.serverName}`, tool: c.winner.tool === c.loser.tool ? c.winner.tool : `${c.winner.tool} / ${c.loser.tool}` });
  return (
    <Stack gap={6} data-testid="filter-effect" aria-live="polite">
      <Title order={3} size="h5">
        {t('tools.filter.effect')}
      </Title>
      {!changed && <Text size="sm">{t('tools.filter.noChange')}</Text>}
      <Names title={t('tools.filter.disappear')} rows={p.disappear} testId="names-disappear" />
      <Names title={t('tools.filter.appear')} rows={p.appear} testId="names-appear" />
      <Names title={t('tools.filter.resolved')} rows={p.resolved.map(collision)} testId="collisions-resolved" />
      <Names title={t('tools.filter.created')} rows={p.created.map(collision)} testId="collisions-created" />
      <Text size="sm" data-testid="budget">
        {t('tools.filter.budget', { before: t.number(p.tokens.before), after: t.number(p.tokens.after), pctBefore: pct(p.tokens.before), pctAfter: pct(p.tokens.after), window: t.number(contextWindow) })}
      </Text>
      {changed && p.path && (
        <div>
          {/* A preview: nothing is written until Save. */}
          <Text size="sm">{t('tools.filter.willWrite', { path: p.path })}</Text>
          <Code block data-testid="filter-patch">
            {JSON.stringify(written, null, 2)}
          </Code>
        </div>
      )}
    </Stack>
  );
}

export function ToolFilterModal({ servers }: { servers: { id: string; name: string }[] }) {
  const t = useT();
  const state = useApp((s) => s.toolFilter);
  const open = useApp((s) => s.openToolFilter);
  const preview = useApp((s) => s.previewToolFilter);
  const save = useApp((s) => s.saveToolFilter);
  const contextWindow = useApp((s) => s.contextWindow);
  const p = state?.preview?.serverId === state?.serverId ? state?.preview : null;
  const name = servers.find((s) => s.id === state?.serverId)?.name ?? p?.serverName ?? '';
  const wanted = new Set(state?.enabled ?? p?.tools.filter((x) => x.wanted).map((x) => x.name) ?? []);
  const toggle = (tool: string, on: boolean) => {
    const next = new Set(wanted);
    if (on) next.add(tool);
    else next.delete(tool);
    void preview(p!.tools.map((x) => x.name).filter((n) => next.has(n)));
  };
  const onSave = async () => {
    if (await save()) {
      notifications.show({ color: 'teal', title: t('tools.filter.title', { server: name }), message: t('tools.filter.saved', { path: p?.path ?? '' }) });
      void open(null);
    }
  };
  const err = state?.error;
  return (
    <Modal opened={state !== null} onClose={() => void open(null)} title={t('tools.filter.title', { server: name })} size="lg" data-testid="tool-filter" closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      {state && (
        <Stack gap="sm">
          <Select label={t('tools.server')} data={servers.map((s) => ({ value: s.id, label: s.name }))} value={state.serverId} onChange={(v) => v && void open(v)} allowDeselect={false} comboboxProps={{ withinPortal: false }} />
          {!p && state.busy && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('tools.filter.loading')}</Text>
            </Group>
          )}
          {err && (
            <Alert color="red" role="alert" data-testid="filter-error">
              {err.code === 'conflict' ? t('write.conflict') : errorText(t.locale, err)}{' '}
              <Button size="compact-sm" variant="light" onClick={() => void preview(null)}>
                {t('tools.filter.reviewAgain')}
              </Button>
            </Alert>
          )}
          {p?.blocked && (
            <Alert color="gray" data-testid="filter-blocked">
              {t(`tools.filter.blocked.${p.blocked}`, { profile: p.profile, layer: t(`layer.${p.layer}`) })}
            </Alert>
          )}
          {p && !p.blocked && (
            <>
              <Text size="sm">{t('tools.filter.intro', { profile: p.profile, fields: p.fields.join(' / '), path: p.path ?? '' })}</Text>
              <Stack gap={6} data-testid="tool-switches">
                {/* By name: a switched-off tool keeps its place (the host lists it after the ones let through). */}
                {[...p.tools].sort((a, b) => a.name.localeCompare(b.name)).map((x) => (
                  <Switch
                    key={x.name}
                    label={<span style={{ overflowWrap: 'anywhere' }}>{x.name}</span>}
                    description={x.capped ? t('tools.filter.capped') : undefined}
                    checked={wanted.has(x.name)}
                    onChange={(e) => toggle(x.name, e.currentTarget.checked)}
                  />
                ))}
              </Stack>
              <Effect p={p} contextWindow={contextWindow} />
            </>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => void open(null)}>
              {t('tools.filter.cancel')}
            </Button>
            {p && !p.blocked && (
              <Button onClick={() => void onSave()} loading={state.saving} disabled={state.busy || (Object.keys(p.patch).length === 0 && p.map.length === 0)}>
                {t('tools.filter.save')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
