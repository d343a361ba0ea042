// UI-3: every tool with its server, its raw name and the name each agent calls it (NAME-4);
// filters (text, server, collisions only); the collisions grouped by server pair with who wins
// and why; token cost; the detail and call pane; changed tool lists since the last accepted
// snapshot (CONN-11); per-tool switches where the agent has them (CONN-8, ToolFilterModal);
// each agent's standing against its tool limits (CTX-1, LimitsPanel).
import { useEffect, useMemo } from 'react';
import { Alert, Button, Checkbox, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';
import { CollisionsPanel } from './CollisionsPanel';
import { LimitsPanel } from './LimitsPanel';
import { collisionRoles, filterTools, type CollisionRole } from './filter';
import { ToolDetailPane } from './ToolDetailPane';
import { ToolFilterModal } from './ToolFilterModal';
import { ContextPlanModal } from './ContextPlanModal';
import { ToolList } from './ToolList';
import classes from './ToolsView.module.css';

export function ToolsView() {
  const t = useT();
  const view = useApp((s) => s.tools);
  const loading = useApp((s) => s.toolsLoading);
  const error = useApp((s) => s.toolsError);
  const load = useApp((s) => s.loadTools);
  const selected = useApp((s) => s.selectedTool);
  const select = useApp((s) => s.selectTool);
  const accept = useApp((s) => s.acceptSnapshot);
  const openDiff = useApp((s) => s.openSnapshotDiff);
  const setSection = useApp((s) => s.setSection);
  const filter = useApp((s) => s.toolsFilter);
  const setFilter = useApp((s) => s.setToolsFilter);
  const server = useApp((s) => s.toolsServer);
  const setServer = useApp((s) => s.setToolsServer);
  const collisionsOnly = useApp((s) => s.collisionsOnly);
  const setCollisionsOnly = useApp((s) => s.setCollisionsOnly);
  const openFilter = useApp((s) => s.openToolFilter);
  const openPlan = useApp((s) => s.openContextPlan);

  useEffect(() => void load(), [load]);
  // A remembered server that is gone from the list (removed, other profile) means all servers.
  const active = server && view?.servers.some((s) => s.id === server) ? server : '';
  const roles = useMemo(() => (view ? collisionRoles(view) : new Map<string, CollisionRole>()), [view]);
  const rows = useMemo(() => filterTools(view?.tools ?? [], filter, { server: active || undefined, roles: collisionsOnly ? roles : undefined }), [view, filter, active, collisionsOnly, roles]);
  const current = view?.tools.find((r) => toolKey(r.serverId, r.tool) === selected) ?? null;
  const header = (actions?: React.ReactNode) => <PageHeader title={t('nav.tools')} titleId="tools-title" actions={actions} />;

  if (!view) {
    return (
      <section aria-labelledby="tools-title" aria-busy={loading}>
        {header()}
        {error ? (
          <Alert color="red" role="alert">
            {error.message}{' '}
            <Button size="compact-sm" variant="light" onClick={() => void load()}>
              {t('servers.retry')}
            </Button>
          </Alert>
        ) : (
          <Text className="progress">{t('tools.loading')}</Text>
        )}
      </section>
    );
  }
  const changed = view.servers.filter((s) => s.diff);
  const switchable = view.servers.filter((s) => s.state === 'connected');
  // The switches open on the server in view: the filtered one, the selected tool's, else the first.
  const target = active || current?.serverId || switchable[0]?.id || view.servers[0]?.id;
  return (
    <section aria-labelledby="tools-title" className={classes.view} aria-busy={loading}>
      {header(
        <Button variant="default" onClick={() => void load()} disabled={loading}>
          {loading ? t('tools.refreshing') : t('tools.refresh')}
        </Button>,
      )}
      <Group gap="sm" wrap="wrap" mb="xs" className={classes.filters}>
        <TextInput type="search" aria-label={t('tools.filter')} placeholder={t('tools.filterPlaceholder')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} className={classes.grow} />
        <Select
          aria-label={t('tools.server')}
          data={[{ value: '', label: t('tools.allServers') }, ...view.servers.map((s) => ({ value: s.id, label: `${s.name} (${t.number(s.toolCount)})` }))]}
          value={active}
          onChange={(v) => setServer(v ?? '')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          className={classes.server}
        />
        <Checkbox label={t('tools.collisionsOnly')} checked={collisionsOnly} onChange={(e) => setCollisionsOnly(e.currentTarget.checked)} />
        {target && (
          <Button variant="default" onClick={() => void openFilter(target)}>
            {t('tools.manage')}
          </Button>
        )}
        <Button variant="default" onClick={() => void openPlan(true)}>
          {t('plan.open')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('tools.summary', { tools: t.plural('tools.listLabel', view.tools.length), servers: t.plural('tools.connectedServers', switchable.length), profile: view.profile })}
      </Text>
      <LimitsPanel view={view} />
      {changed.map((s) => (
        <Alert key={s.id} color="yellow" role="status" data-testid="snapshot-diff" mb="xs">
          <Stack gap={4}>
            <Text size="sm">{t('tools.changed', { server: s.name, added: s.diff!.added.length, removed: s.diff!.removed.length, changed: s.diff!.changed.length })}</Text>
            <Group gap={4}>
              {s.diff!.added.slice(0, 5).map((n) => (
                <Code key={`a${n}`}>+{n}</Code>
              ))}
              {s.diff!.removed.slice(0, 5).map((n) => (
                <Code key={`r${n}`}>−{n}</Code>
              ))}
              {s.diff!.changed.slice(0, 5).map((c) => (
                <Code key={`c${c.name}`}>
                  ~{c.name} ({c.fields.join(', ')})
                </Code>
              ))}
              <Button size="compact-sm" variant="filled" onClick={() => void openDiff(s.id)}>
                {t('tools.diff.show')}
              </Button>
              <Button size="compact-sm" variant="light" onClick={() => void accept(s.id)}>
                {t('tools.accept')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      <CollisionsPanel view={view} />
      {view.tools.length === 0 ? (
        <Stack align="flex-start" className="empty">
          <Text>{t('tools.empty')}</Text>
          <Button variant="light" onClick={() => setSection('servers')}>
            {t('tools.goServers')}
          </Button>
        </Stack>
      ) : (
        <div className={classes.split}>
          <div className={classes.list}>
            {rows.length === 0 && (
              <Text size="sm" c="dimmed" mb={4} data-testid="no-match">
                {t('tools.noMatch')}
              </Text>
            )}
            <ToolList rows={rows} profile={view.profile} named={view.agents} roles={roles} selected={selected} onSelect={select} />
          </div>
          <aside className={`tool-detail ${classes.detail}`} aria-label={t('tools.detail')}>
            {current ? (
              <ToolDetailPane key={selected} row={current} profile={view.profile} callable={view.servers.find((s) => s.id === current.serverId)?.state === 'connected'} />
            ) : (
              <Text c="dimmed">{t('tools.pick')}</Text>
            )}
          </aside>
        </div>
      )}
      <ToolFilterModal servers={view.servers} />
      <ContextPlanModal />
    </section>
  );
}
