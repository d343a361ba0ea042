// BRIDGE-4 in the editor: why the agent cannot use this entry as written (the host's advice
// codes), the exact line install writes, and install / restore. The host keeps the original.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import type { PanelBridge } from '../../bridge';
import { BridgeErrorCodeSchema, type BridgeOffer as Offer } from '../../../../shared/contract';
import type { RpcError } from '../../../../shared/errors';
import type { Translator } from '../../../../shared/i18n';
import { errorText } from '../../../../shared/i18n/write-errors';
import { issueSentence } from '../../../../shared/i18n/agent-view';
import { useT } from '../../store-context';
import { profileFacts } from '../../../../shared/profiles';
import { AskAgents } from '../install/AskAgents';

export interface BridgeOfferProps {
  bridge: Pick<PanelBridge, 'call'>;
  /** The server row's id (`ServerRow.id`). */
  serverId: string;
  /** After an install or restore changed the agent's file (the host also sends `servers.changed`). */
  onChanged?: () => void;
}

/** A refusal in the UI's language: the bridge's own codes, else the writer's words. */
function refusalText(t: Translator, error: RpcError): string {
  const code = BridgeErrorCodeSchema.safeParse(error.data?.reason);
  if (code.success && code.data !== 'write') return t.code('bridges.error', { code: code.data, params: error.data?.params ?? {} });
  return t('bridges.error.write', { message: errorText(t.locale, error) });
}

export function BridgeOffer({ bridge, serverId, onChanged }: BridgeOfferProps) {
  const t = useT();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [busy, setBusy] = useState(false);
  // Kept as the host said it and worded at render time, so a language switch rewords it.
  const [done, setDone] = useState<{ key: 'installed' | 'exact' | 'entry' | 'removed'; path: string; layer: string; agents: Array<{ profile: Offer['profile']; agent: string }> } | null>(null);
  const [error, setError] = useState<RpcError | null>(null);
  const load = useCallback(async () => {
    const r = await bridge.call('bridges.advice', { id: serverId });
    if (r.ok) setOffer(r.value);
    else setError(r.error);
  }, [bridge, serverId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function act(which: 'install' | 'uninstall') {
    setBusy(true);
    setError(null);
    setDone(null);
    const r = which === 'install' ? await bridge.call('bridges.install', { id: serverId }) : await bridge.call('bridges.uninstall', { id: serverId });
    if (!r.ok) setError(r.error);
    else {
      const v = r.value;
      // AGENT-8: every agent whose file was written can then be asked for its own word on it.
      const agents = offer ? [{ profile: offer.profile, agent: profileFacts(offer.profile).label }, ...offer.sharedWith.map((o) => ({ profile: o.profile, agent: o.agent }))] : [];
      setDone({ key: 'restored' in v ? v.restored : 'installed', path: v.path, layer: v.layer, agents });
      onChanged?.();
      await load();
    }
    setBusy(false);
  }

  const errorLine = error ? refusalText(t, error) : null;
  if (!offer)
    return errorLine ? (
      <Alert color="red" role="alert">
        {errorLine}
      </Alert>
    ) : null;
  return (
    <Stack gap="xs" data-testid="bridge-offer" aria-label={t('bridges.offer.title')} role="region">
      <Text fw={600} size="sm">
        {t('bridges.offer.title')}
      </Text>
      {offer.installed ? (
        <>
          <Text size="sm">{offer.installed.installedAt ? t('bridges.installed', { layer: offer.installed.layer, time: t.dateTime(offer.installed.installedAt) }) : t('bridges.installedElsewhere')}</Text>
          {offer.installed.installedAt > 0 && (
            <Group>
              <Button size="compact-sm" variant="light" loading={busy} onClick={() => void act('uninstall')}>
                {t('bridges.uninstall')}
              </Button>
            </Group>
          )}
        </>
      ) : (
        <>
          {offer.advice.length > 0 ? (
            <>
              <Text size="sm">{t('bridges.offer.why')}</Text>
              <List size="sm" spacing={4}>
                {offer.advice.map((a) => (
                  <List.Item key={a.code} data-advice={a.code}>
                    {issueSentence(t.locale, a)}
                  </List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('bridges.offer.optional')}
            </Text>
          )}
          {offer.unavailable && <Text size="sm">{t.code('bridges.error', { code: offer.unavailable })}</Text>}
          {offer.sharedWith.length > 0 && (
            <Alert color="yellow" data-testid="bridge-shared">
              {t('bridges.offer.shared', { path: offer.path, agents: offer.sharedWith.map((o) => o.agent).join(', ') })}
            </Alert>
          )}
          {offer.machineSpecific.length > 0 && (
            <Alert color="yellow" data-testid="bridge-machine">
              {t('bridges.offer.machine', { paths: offer.machineSpecific.join(', ') })}
            </Alert>
          )}
          {offer.line && (
            <>
              <Text size="sm">{t('bridges.offer.line')}</Text>
              <Code block data-testid="bridge-line">
                {JSON.stringify({ [offer.server]: offer.line }, null, 2)}
              </Code>
              <Group>
                <Button size="compact-sm" loading={busy} onClick={() => void act('install')}>
                  {t('bridges.install')}
                </Button>
              </Group>
            </>
          )}
        </>
      )}
      {done && (
        <Text size="sm" c="green" role="status">
          {t(`bridges.done.${done.key}`, { path: done.path, layer: done.layer })}
        </Text>
      )}
      {done && done.agents.length > 0 && <AskAgents agents={done.agents} />}
      {errorLine && (
        <Alert color="red" role="alert">
          {errorLine}
        </Alert>
      )}
    </Stack>
  );
}
