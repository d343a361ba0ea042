// AGENT-3 in the page: pick agents, see per agent what the install would write (the file diff,
// the tool names it will show and reject, what it cannot express, the bridge line), confirm,
// undo. The host plans and writes (install.preview / install.apply / install.undo); this only
// shows its answer in the page's language.
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { AppContract, InstallFrom } from '../../../../shared/contract';
import type { RpcError } from '../../../../shared/errors';
import type { MessageKey, Translator } from '../../../../shared/i18n';
import type { MethodOutput } from '../../../../shared/rpc';
import type { InstallPreview, InstallTarget } from '../../../../shared/schemas/install';
import { PROFILES, type Profile } from '../../../../shared/schemas/server';
import { profileFacts } from '../../../../shared/profiles';
import { AskAgents } from './AskAgents';
import { errorText } from '../../../../shared/i18n/write-errors';
import { useApp, useT } from '../../store-context';
import { FileDiff } from './FileDiff';
import type { Result } from '../../../../shared/result';

export interface InstallPanelProps {
  from: InstallFrom;
  server: string;
  /** The agent the server comes from (not offered as a target). */
  sourceProfile: Profile | null;
  /** Ticked at first; else the detected agents. */
  initialAgents?: readonly Profile[];
  /** "Make these the same": replace what the agents have. */
  replace?: boolean;
  /** Each preview's or install's error, and null when one succeeds: a form beside the panel (Discover's) shows its fields' problems. */
  onError?: (error: RpcError | null) => void;
}

type Applied = MethodOutput<AppContract, 'install.apply'>;

const say = (t: Translator, key: string, params: Record<string, string | number> = {}) => t(key as MessageKey, params);

const formProblem = (e: RpcError) => e.data?.reason === 'form';

function refusalLine(t: Translator, r: NonNullable<InstallTarget['refusal']>): string {
  return r.text ? say(t, r.text.key, r.text.params) : r.message;
}

function LossList({ title, losses }: { title: string; losses: InstallTarget['losses'] }) {
  const t = useT();
  if (losses.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm">
        {losses.map((l, i) => (
          <List.Item key={i}>{say(t, `install.loss.${l.code}`, l.params)}</List.Item>
        ))}
      </List>
    </div>
  );
}

function TargetCard({ x, server }: { x: InstallTarget; server: string }) {
  const t = useT();
  const blocking = x.losses.filter((l) => l.blocking);
  const known = x.losses.filter((l) => !l.blocking);
  const tone = x.refusal ? 'red' : x.action === 'bridge' ? 'yellow' : x.action === 'skip' ? 'gray' : 'teal';
  return (
    <Paper withBorder p="sm" data-testid={`install-target-${x.profile}`} data-action={x.action}>
      <Stack gap={6}>
        <Group gap="xs">
          <Title order={3} size="h5">
            {x.agent}
          </Title>
          <Badge color={tone} variant="light">
            {x.refusal ? t('install.action.skip') : say(t, `install.action.${x.action}`, { server })}
          </Badge>
          <Text size="xs" c="dimmed">
            {t(`layer.${x.layer}` as MessageKey)}
          </Text>
        </Group>
        {x.path && <Text size="xs">{t('install.file', { path: x.path })}</Text>}
        {x.refusal && (
          <Alert color="red" p="xs">
            {refusalLine(t, x.refusal)}
          </Alert>
        )}
        <LossList title={t('install.cannot', { agent: x.agent })} losses={blocking} />
        <LossList title={t('install.knows')} losses={known} />
        {x.bridge && (x.action === 'bridge' || x.losses.length > 0) && (
          <Text size="sm">
            {t('install.bridgeOffer')}: <Code>{[x.bridge.command, ...x.bridge.args].join(' ')}</Code>
          </Text>
        )}
        {x.tools ? (
          <div>
            <Text size="sm" fw={600}>
              {t('install.names', { agent: x.agent })}
            </Text>
            <List size="sm" data-testid={`install-names-${x.profile}`}>
              {x.tools.map((n) => (
                <List.Item key={n.tool} c={n.rejected ? 'red' : undefined}>
                  {n.rejected === 'too_long'
                    ? t('install.name.too_long', { name: n.name ?? n.tool, n: (n.name ?? '').length, agent: x.agent })
                    : n.rejected === 'collision'
                      ? t('install.name.collision', { tool: n.tool, name: n.name ?? n.tool, other: n.collidesWith ?? '?', agent: x.agent })
                      : <Code>{n.name}</Code>}
                </List.Item>
              ))}
            </List>
          </div>
        ) : (
          x.action !== 'same' && (
            <Text size="sm" c="dimmed">
              {t('install.namesUnknown', { server })}
            </Text>
          )
        )}
        <FileDiff diff={x.diff} testId={`install-diff-${x.profile}`} />
      </Stack>
    </Paper>
  );
}

export function InstallPanel({ from, server, sourceProfile, initialAgents, replace = false, onError }: InstallPanelProps) {
  const t = useT();
  const bridge = useApp((s) => s.editorBridge);
  const [detected, setDetected] = useState<Profile[]>([]);
  const [agents, setAgents] = useState<Profile[]>(initialAgents ? [...initialAgents] : []);
  const [layer, setLayer] = useState<'user' | 'project'>('user');
  const [preview, setPreview] = useState<InstallPreview | null>(null);
  const [result, setResult] = useState<Applied | null>(null);
  const [undone, setUndone] = useState<number | null>(null);
  const [error, setError] = useState<RpcError | null>(null);
  const [busy, setBusy] = useState(false);
  // The person's own ticks win over the detected agents, whenever detection answers.
  const picked = useRef(false);

  useEffect(() => {
    void bridge.call('profiles.detect', {}).then((r) => {
      if (!r.ok) return;
      const found = r.value.profiles.filter((p) => p.detected && p.profile !== sourceProfile).map((p) => p.profile);
      setDetected(found);
      if (!initialAgents && !picked.current) setAgents(found);
    });
  }, [bridge, sourceProfile, initialAgents]);
  const pick = (v: string[]) => {
    picked.current = true;
    setAgents(v as Profile[]);
  };
  // A new pick (or a changed form: the registry's values) is a new preview: nothing the user has not seen is written.
  const fromKey = JSON.stringify(from);
  useEffect(() => setPreview(null), [agents, layer, fromKey]);

  const input = { from, agents, layer, replace, bridge: 'auto' as const };
  async function run<T>(work: () => Promise<Result<T>>, done: (v: T) => void) {
    setBusy(true);
    setError(null);
    const r = await work();
    if (r.ok) done(r.value);
    else setError(r.error);
    onError?.(r.ok ? null : r.error);
    setBusy(false);
  }
  const onPreview = () => run(() => bridge.call('install.preview', input), (v) => (setPreview(v), setResult(null), setUndone(null)));
  const onConfirm = () => {
    const baseHashes = Object.fromEntries((preview?.targets ?? []).map((x) => [x.profile, x.baseHash]));
    return run(() => bridge.call('install.apply', { ...input, baseHashes }), (v) => setResult(v));
  };
  const onUndo = () => result?.id && run(() => bridge.call('install.undo', { id: result.id! }), (v) => (setUndone(v.restored.length), setPreview(null)));
  const writes = preview?.targets.filter((x) => ['add', 'replace', 'bridge'].includes(x.action) && !x.refusal).length ?? 0;
  const offered = [...new Set([...detected, ...agents, ...PROFILES.filter((p) => p !== sourceProfile)])];

  return (
    <Stack gap="sm" component="section" aria-labelledby="install-title" data-testid="install-panel">
      <Title order={2} size="h4" id="install-title">
        {t('install.title')}
      </Title>
      <Checkbox.Group label={t('install.pick', { server })} value={agents} onChange={pick}>
        <Group gap="sm" mt={4}>
          {offered.map((p) => (
            <Checkbox key={p} value={p} label={profileFacts(p).label} data-testid={`install-agent-${p}`} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group align="end">
        <NativeSelect label={t('install.layer')} value={layer} onChange={(e) => setLayer(e.currentTarget.value as 'user' | 'project')} data={[{ value: 'user', label: t('layer.user') }, { value: 'project', label: t('layer.project') }]} />
        <Button onClick={() => void onPreview()} disabled={busy || agents.length === 0} variant="light">
          {t('install.preview')}
        </Button>
        {preview && !result && (
          <Button onClick={() => void onConfirm()} disabled={busy || writes === 0} data-testid="install-confirm">
            {t('install.confirm', { n: writes })}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="install-error">
          {/* REG-2: a registry form's problems are said beside its fields; the host's sentence is worded for the CLI. */}
          {formProblem(error) ? t('install.formProblems') : errorText(t.locale, error)}
        </Alert>
      )}
      {result && (
        <Alert color={result.failed.length ? 'yellow' : 'teal'} role="status" data-testid="install-done">
          <Stack gap={4}>
            <Text size="sm">{result.id ? t('install.done', { server, n: result.written.length, id: result.id }) : t('install.nothing')}</Text>
            {result.secretsKept.map((k) => (
              <Text key={k.profile} size="sm" data-testid={`install-secrets-${k.profile}`}>
                {t('install.secretsKept', { agent: profileFacts(k.profile).label, variables: k.variables.join(', ') })}
              </Text>
            ))}
            {result.failed.map((f) => (
              <Text key={f.profile} size="sm">
                {profileFacts(f.profile).label}: {f.message}
              </Text>
            ))}
            {result.id && undone === null && (
              <Group>
                <Button size="xs" variant="default" onClick={() => void onUndo()} disabled={busy} data-testid="install-undo">
                  {t('install.undo')}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {/* AGENT-8: after an install, each agent written to can be asked for its own word on the entry. */}
      {result?.id && undone === null && <AskAgents agents={[...new Set(result.written.map((w) => w.profile))].map((profile) => ({ profile, agent: profileFacts(profile).label }))} />}
      {undone !== null && result?.id && (
        <Alert color="teal" role="status" data-testid="install-undone">
          {t('install.undone', { id: result.id, n: undone })}
        </Alert>
      )}
      {preview && preview.targets.map((x) => <TargetCard key={x.profile} x={x} server={preview.server} />)}
    </Stack>
  );
}
