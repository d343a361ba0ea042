// AGENT-3 "Servers across agents": one row per server identity (same command and package, or
// same URL origin), a column per detected agent, the fields that differ highlighted; "Make these
// the same" opens the install preview with the picked agent's entry as the source.
import { useAgentsChangedAt } from './use-agents-changed';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import type { RpcError } from '../../../../shared/errors';
import type { MessageKey } from '../../../../shared/i18n';
import type { AcrossCell, AcrossRow, AcrossView as View } from '../../../../shared/schemas/across';
import type { Profile } from '../../../../shared/schemas/server';
import { errorText } from '../../../../shared/i18n/write-errors';
import { useApp, useT } from '../../store-context';
import { InstallPanel } from './InstallPanel';

/** The cell's differing value for a field, shown where it differs from the row's first cell. */
function describe(c: AcrossCell): Record<string, string> {
  return {
    transport: c.transport,
    command: c.command ?? '',
    args: c.args.join(' '),
    url: c.url ?? '',
    env: c.envNames.join(', '),
    headers: c.headerNames.join(', '),
    enabled: c.enabled ? '' : 'off',
    tools: [c.enabledTools?.join(', '), c.disabledTools?.length ? `−${c.disabledTools.join(', ')}` : ''].filter(Boolean).join(' '),
  };
}

function Cell({ row, cell }: { row: AcrossRow; cell: AcrossCell | null }) {
  const t = useT();
  if (!cell) return <Text c="dimmed">{t('across.missing')}</Text>;
  const first = row.cells.find((c) => c.cell)!.cell!;
  const mine = describe(cell);
  const theirs = describe(first);
  const odd = row.differs.filter((f) => mine[f] !== theirs[f]);
  return (
    <Stack gap={2} data-differs={odd.length > 0 ? odd.join(',') : undefined} style={odd.length ? { background: 'var(--mantine-color-yellow-light)', padding: 4, borderRadius: 4 } : undefined}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {cell.name} <Text span size="xs" c="dimmed">({t(`layer.${cell.layer}` as MessageKey)})</Text>
      </Text>
      {!cell.enabled && <Badge size="xs" color="gray">{t('across.off')}</Badge>}
      {odd
        .filter((f) => f !== 'enabled')
        .map((f) => (
          <Text key={f} size="xs">
            {t(`across.field.${f}` as MessageKey)}: {mine[f] || '—'}
          </Text>
        ))}
    </Stack>
  );
}

export function AcrossView() {
  const t = useT();
  const bridge = useApp((s) => s.editorBridge);
  const [view, setView] = useState<View | null>(null);
  const [error, setError] = useState<RpcError | null>(null);
  const [same, setSame] = useState<{ row: AcrossRow; base: Profile } | null>(null);
  const load = useCallback(async () => {
    const r = await bridge.call('install.across', {});
    if (r.ok) setView(r.value);
    else setError(r.error);
  }, [bridge]);
  // Read again when any agent's files change: the selected one's (its view reloads) or another's.
  const loadedAt = useApp((s) => s.view?.loadedAt ?? 0);
  const agentsAt = useAgentsChangedAt();
  useEffect(() => {
    void load();
  }, [load, loadedAt, agentsAt]);

  const base = same?.row.cells.find((c) => c.profile === same.base)?.cell;
  return (
    <Stack component="section" aria-labelledby="across-title" gap="md">
      <PageHeader titleId="across-title" title={t('across.title')} />
      {error && <Alert color="red">{errorText(t.locale, error)}</Alert>}
      {view && view.rows.length === 0 && <Text>{t('across.none')}</Text>}
      {view && view.rows.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table data-testid="across-table" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('across.server')}</Table.Th>
                {view.agents.map((a) => (
                  <Table.Th key={a.profile} style={{ whiteSpace: 'nowrap' }}>
                    {a.agent}
                  </Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((row) => {
                const present = row.cells.filter((c) => c.cell);
                const uneven = row.differs.length > 0 || present.length < row.cells.length;
                return (
                  <Table.Tr key={row.identity} data-identity={row.identity}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.name}
                      </Text>
                      {/* A command line or URL has no spaces to break at: let it wrap anywhere so the agent columns keep their width. */}
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {row.identity}
                      </Text>
                      {row.differs.length > 0 ? (
                        <Badge color="yellow" variant="light" data-testid="across-differs">
                          {t('across.differs', { fields: row.differs.map((f) => t(`across.field.${f}` as MessageKey)).join(', ') })}
                        </Badge>
                      ) : view.agents.length === 1 ? null : present.length === 1 ? (
                        // One agent has it: nothing to be the same as.
                        <Badge color="gray" variant="light" data-testid="across-only">
                          {t('across.only', { agent: view.agents.find((a) => a.profile === present[0]!.profile)?.agent ?? present[0]!.profile })}
                        </Badge>
                      ) : (
                        <Badge color="teal" variant="light">
                          {t('across.same')}
                        </Badge>
                      )}
                    </Table.Td>
                    {row.cells.map((c) => (
                      <Table.Td key={c.profile}>
                        <Cell row={row} cell={c.cell} />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      {uneven && (
                        <Button size="xs" variant="light" onClick={() => setSame({ row, base: present[0]!.profile })} data-testid="across-make-same">
                          {present.length === 1 ? t('across.addToOthers') : t('across.makeSame')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {same && base && (
        <Stack gap="sm">
          <NativeSelect
            label={t('across.makeSame')}
            value={same.base}
            onChange={(e) => setSame({ row: same.row, base: e.currentTarget.value as Profile })}
            data={same.row.cells.filter((c) => c.cell).map((c) => ({ value: c.profile, label: view!.agents.find((a) => a.profile === c.profile)!.agent }))}
          />
          <InstallPanel
            key={`${same.row.identity}:${same.base}`}
            from={{ kind: 'profile', profile: same.base, name: base.name, layer: base.layer }}
            server={base.name}
            sourceProfile={same.base}
            initialAgents={same.row.cells.map((c) => c.profile).filter((p) => p !== same.base)}
            replace
          />
        </Stack>
      )}
    </Stack>
  );
}
