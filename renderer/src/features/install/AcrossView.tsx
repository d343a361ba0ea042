// AGENT-3 "Servers across agents": one row per server identity (same command and package, or
// same URL origin), each detected agent's entry, the fields that differ highlighted; "Make these
// the same" opens the install preview with the picked agent's entry as the source. The agents
// are columns while they fit the room the view has, else rows (AcrossTables.tsx says why).
import { useAgentsChangedAt } from './use-agents-changed';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { PageHeader } from '../../components/PageHeader';
import type { RpcError } from '../../../../shared/errors';
import type { AcrossRow, AcrossView as View } from '../../../../shared/schemas/across';
import type { Profile } from '../../../../shared/schemas/server';
import { errorText } from '../../../../shared/i18n/write-errors';
import { useApp, useT } from '../../store-context';
import { InstallPanel } from './InstallPanel';
import { AcrossColumns, AcrossRows, agentsFitAsColumns } from './AcrossTables';
import { agentLabel } from './across-parts';
import { AskAgents } from './AskAgents';

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
  // The room the view has (sidebar open or not), not the window's width.
  const { ref: room, width } = useElementSize();
  // The install preview opens below the table, which with many agents is far down: bring it up.
  const preview = useRef<HTMLDivElement>(null);
  const sameKey = same ? `${same.row.identity}:${same.base}` : null;
  useEffect(() => {
    if (sameKey) preview.current?.scrollIntoView({ block: 'start' });
  }, [sameKey]);

  const onSame = (row: AcrossRow) => setSame({ row, base: row.cells.find((c) => c.cell)!.profile });
  const base = same?.row.cells.find((c) => c.profile === same.base)?.cell;
  const columns = view !== null && agentsFitAsColumns(view.agents.length, width);
  return (
    <Stack component="section" aria-labelledby="across-title" gap="md">
      <PageHeader titleId="across-title" title={t('across.title')} />
      {error && <Alert color="red">{errorText(t.locale, error)}</Alert>}
      {view && view.rows.length === 0 && <Text>{t('across.none')}</Text>}
      <div ref={room}>
        {/* Rows until the room is measured: they fit any width. */}
        {view && view.rows.length > 0 && (
          <Stack gap="xs">
            {!columns && (
              <Text size="sm" c="dimmed">
                {t('across.asRows', { n: view.agents.length })}
              </Text>
            )}
            {columns ? <AcrossColumns view={view} onSame={onSame} /> : <AcrossRows view={view} onSame={onSame} />}
          </Stack>
        )}
      </div>
      {view && <AskAgents agents={view.agents} />}
      {same && base && view && (
        <Stack gap="sm" ref={preview}>
          <NativeSelect
            label={t('across.makeSame')}
            value={same.base}
            onChange={(e) => setSame({ row: same.row, base: e.currentTarget.value as Profile })}
            data={same.row.cells.filter((c) => c.cell).map((c) => ({ value: c.profile, label: agentLabel(view, c.profile) }))}
          />
          <InstallPanel
            key={sameKey}
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
