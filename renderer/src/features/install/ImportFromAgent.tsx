// AGENT-3: import as a case of install: a server of any detected agent into the agent the panel
// shows, through the same per-agent preview (diff, names, what it cannot express, the bridge).
import { useEffect, useState } from 'react';
import { NativeSelect, Stack, Text } from '@mantine/core';
import type { AcrossView } from '../../../../shared/schemas/across';
import type { Profile } from '../../../../shared/schemas/server';
import { useApp, useT } from '../../store-context';
import { InstallPanel } from './InstallPanel';

export function ImportFromAgent({ into }: { into: Profile }) {
  const t = useT();
  const bridge = useApp((s) => s.editorBridge);
  const [view, setView] = useState<AcrossView | null>(null);
  const [pick, setPick] = useState<string>('');
  useEffect(() => {
    void bridge.call('install.across', {}).then((r) => r.ok && setView(r.value));
  }, [bridge]);
  // Every entry another agent has, as `profile|layer|name`.
  const options = (view?.rows ?? []).flatMap((row) =>
    row.cells.filter((c) => c.cell && c.profile !== into).map((c) => ({ value: `${c.profile}|${c.cell!.layer}|${c.cell!.name}`, label: `${view!.agents.find((a) => a.profile === c.profile)!.agent}: ${c.cell!.name}` })),
  );
  const [profile, layer, name] = pick.split('|') as [Profile, 'user', string];
  return (
    <Stack gap="xs" data-testid="import-from-agent">
      <Text size="sm" fw={600}>
        {t('install.importFrom')}
      </Text>
      <NativeSelect aria-label={t('install.importFrom')} value={pick} onChange={(e) => setPick(e.currentTarget.value)} data={[{ value: '', label: '—' }, ...options]} />
      {pick && <InstallPanel key={pick} from={{ kind: 'profile', profile, name, layer }} server={name} sourceProfile={profile} initialAgents={[into]} />}
    </Stack>
  );
}
