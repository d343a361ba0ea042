// UI-1: every server of the chosen profile and workspace, grouped by layer; a broken file's
// error (file, line, column) beside the good servers (CFG-5); the agent processes that use
// servers through the bridge right now (BRIDGE-4).
import { Alert, Button, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { sayProblem } from '../../../../shared/i18n/problems';
import { MiddlePath } from '../../components/MiddlePath';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useBridge, useT } from '../../store-context';
import { LiveBridges } from '../bridges/LiveBridges';
import { groupByLayer, matchesFilter } from './filter';
import { ServerRowView } from './ServerRowView';
import { OtherAgents } from './OtherAgents';
import classes from './ServersView.module.css';

/**
 * Fixed widths for the short columns (the state's and the agent's wide enough for their longest
 * label in either language, never elided); name and provenance share the rest. Below COMPACT_BELOW px of room
 * (a window under about 1200 px with the sidebar open, under 1000 px where it folds away by
 * itself) transport, connect time and provenance leave their columns for a line under the name
 * (issue 22): the fixed columns take 724 px, and below 1000 px of room name and provenance
 * would share less than 140 px (at 900 px "drift" lost every letter to its flags; issue 37).
 */
const FULL = [
  ['name', undefined],
  ['transport', 80],
  ['state', 136],
  // The agent's-eye verdict: its short badge (AgentVerdict), never elided, in either language.
  ['agent', 144],
  ['tools', 92],
  ['connect', 96],
  ['provenance', undefined],
  ['actions', 176],
] as const;
const COMPACT = FULL.filter(([c]) => c === 'name' || c === 'state' || c === 'agent' || c === 'tools' || c === 'actions');
export const COMPACT_BELOW = 1000;
export type ServerColumn = (typeof FULL)[number][0];
/** The tables' settings: their rows and cells are written as the markup these give (markup.ts). */
export const TABLE = { layout: 'fixed', withTableBorder: true, verticalSpacing: 6, horizontalSpacing: 'sm', highlightOnHover: true, captionSide: 'top' } as const;
// Made once: the rows are memoised (ServerRowView), and a new array per render would draw all
// 50 again whenever the view does (a resize measured, the title's counts answered).
const FULL_NAMES = FULL.map(([c]) => c);
const COMPACT_NAMES = COMPACT.map(([c]) => c);

export function ServersView() {
  const t = useT();
  const view = useApp((s) => s.view);
  const loading = useApp((s) => s.loading);
  const loadError = useApp((s) => s.loadError);
  const filter = useApp((s) => s.filter);
  const setFilter = useApp((s) => s.setFilter);
  const load = useApp((s) => s.loadServers);
  const openEditor = useApp((s) => s.openEditor);
  const bridge = useBridge();
  // The room the tables really have (sidebar open or not), not the window's width.
  const { ref: room, width } = useElementSize();
  const compact = width > 0 && width < COMPACT_BELOW;
  const columns = compact ? COMPACT : FULL;

  const header = (
    <PageHeader
      title={t('nav.servers')}
      titleId="servers-title"
      actions={
        <>
          <TextInput
            type="search"
            size="sm"
            aria-label={t('servers.filter')}
            placeholder={t('servers.filterPlaceholder')}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            style={{ flex: 1, maxWidth: 420, minWidth: 120 }}
          />
          <Button onClick={() => openEditor({ mode: 'add' })} style={{ flexShrink: 0 }}>
            {t('servers.add')}
          </Button>
        </>
      }
    />
  );

  if (!view) {
    return (
      <section aria-labelledby="servers-title">
        {header}
        {loadError ? (
          <Alert color="red" role="alert">
            {t('servers.loadFailed', { message: loadError.message })}{' '}
            <Button size="compact-sm" variant="default" onClick={() => void load()}>
              {t('servers.retry')}
            </Button>
          </Alert>
        ) : (
          <p aria-busy="true">{loading ? t('servers.loading') : ''}</p>
        )}
      </section>
    );
  }
  const rows = view.servers.filter((r) => matchesFilter(r, filter));
  const agentName = view.servers.find((r) => r.agent)?.agent?.agent ?? null;
  const groups = groupByLayer(rows, view.layers.map((l) => l.layer));
  const userLayer = view.layers[0];
  const broken = view.layers.filter((l) => l.error);

  return (
    <section aria-labelledby="servers-title">
      {header}
      <Stack gap="md" ref={room} data-layout={compact ? 'compact' : 'full'}>
        {(view.problems.length > 0 || broken.length > 0) && (
          <Alert color="red" variant="light" title={t('servers.problems')} p="sm" role="region" aria-label={t('servers.problems')}>
            <List size="sm" spacing={4}>
              {view.problems.map((p, i) => (
                <List.Item key={`p${i}`} data-testid="problem" style={{ wordBreak: 'break-word' }}>
                  <MiddlePath path={p.line !== undefined ? t('servers.problemAt', { path: p.path, line: p.line, column: p.column ?? 1 }) : p.path} />
                  {p.pointer && <code> {p.pointer}</code>} {p.note ? sayProblem(t.locale, p.note) : p.message}
                </List.Item>
              ))}
              {broken
                .filter((l) => !view.problems.some((p) => p.path === l.path))
                .map((l) => (
                  <List.Item key={`l${l.path}`} data-testid="problem" style={{ wordBreak: 'break-word' }}>
                    <MiddlePath path={l.path} /> {l.note ? t.code('layer.note', l.note) : l.error}
                  </List.Item>
                ))}
            </List>
          </Alert>
        )}
        {view.servers.length === 0 && (
          <Text c="dimmed" data-testid="empty">
            {t('servers.empty', { path: userLayer?.path ?? '' })}
          </Text>
        )}
        {view.servers.length > 0 && rows.length === 0 && (
          <Text c="dimmed" data-testid="empty">
            {t('servers.noMatch', { filter })}
          </Text>
        )}
        {groups.map((g) => (
          <Table key={g.layer} className={classes.table} data-layer={g.layer} {...TABLE}>
            <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{t('servers.layer', { layer: t(`layer.${g.layer}`) })}</Table.Caption>
            <colgroup>
              {columns.map(([c, w]) => (
                <col key={c} style={w ? { width: w } : undefined} />
              ))}
            </colgroup>
            <Table.Thead>
              <Table.Tr>
                {columns.map(([c]) => (
                  <Table.Th key={c} scope="col" className={classes.head} fz="xs" c="dimmed" title={c === 'agent' && agentName ? t('agent.title', { agent: agentName }) : undefined}>
                    {/* The agent's column is headed by the agent itself (a product name, never translated). */}
                    {c === 'agent' && agentName ? agentName : t(`servers.col.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {g.rows.map((r) => (
                <ServerRowView key={r.id} row={r} columns={compact ? COMPACT_NAMES : FULL_NAMES} />
              ))}
            </Table.Tbody>
          </Table>
        ))}
        <OtherAgents view={view} />
        {bridge && <LiveBridges bridge={bridge} />}
      </Stack>
    </section>
  );
}
