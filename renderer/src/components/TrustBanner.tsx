// CFG-10: an untrusted workspace's project servers are shown, never started. Trusting it is
// never one click (issue 22): the dialog first lists what it will start, each server's command
// line or URL as its file says, and says where to revoke it.
import { useState } from 'react';
import { Alert, Button, Code, Group, List, Text } from '@mantine/core';
import { useApp, useT } from '../store-context';
import { Dialog } from './Dialog';
import { MiddlePath } from './MiddlePath';

export function TrustBanner() {
  const t = useT();
  const view = useApp((s) => s.view);
  const [asking, setAsking] = useState(false);
  if (!view || !view.needsTrust || !view.workspace) return null;
  const workspace = view.workspace;
  return (
    <Alert color="yellow" role="status" mb="sm" p="xs">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text size="sm" style={{ minWidth: 0 }}>
          {t('trust.banner')} <MiddlePath path={workspace} copy={false} />
        </Text>
        <Button size="xs" variant="filled" onClick={() => setAsking(true)} style={{ flexShrink: 0 }}>
          {t('trust.review')}
        </Button>
      </Group>
      {asking && <TrustDialog workspace={workspace} onDone={() => setAsking(false)} />}
    </Alert>
  );
}

export function TrustDialog({ workspace, onDone }: { workspace: string; onDone(): void }) {
  const t = useT();
  // The rows as one selection (a fresh array per call would re-render forever), filtered here.
  const rows = useApp((s) => s.view?.servers);
  const servers = (rows ?? []).filter((r) => !r.trusted);
  const trust = useApp((s) => s.trustWorkspace);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    await trust(workspace);
    setBusy(false);
    onDone();
  };
  return (
    <Dialog
      title={t('trust.title', { workspace: workspace.split(/[\\/]/).filter(Boolean).pop() ?? workspace })}
      onCancel={onDone}
      onSubmit={() => void submit()}
      describedBy="trust-intro"
      testId="trust-dialog"
      actions={
        <>
          <Button variant="default" onClick={onDone} data-autofocus>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" color="yellow" loading={busy}>
            {t('trust.confirm')}
          </Button>
        </>
      }
    >
      <Text size="sm" id="trust-intro" mb="xs">
        {t('trust.intro')}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        <MiddlePath path={workspace} />
      </Text>
      {servers.length === 0 ? (
        <Text size="sm">{t('trust.none')}</Text>
      ) : (
        <List spacing="xs" size="sm" data-testid="trust-servers">
          {servers.map((s) => (
            <List.Item key={s.id} data-server={s.name}>
              <Text span fw={600}>
                {s.name}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                ({s.transport ?? '—'})
              </Text>
              <br />
              <Text span size="sm">
                {t(s.transport === 'stdio' ? 'trust.runs' : 'trust.connects')}{' '}
              </Text>
              <Code style={{ wordBreak: 'break-all' }} data-testid="trust-target">
                {s.target ?? '—'}
              </Code>
              <Text size="xs" c="dimmed">
                <MiddlePath path={s.path} copy={false} />
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {t('trust.later')}
      </Text>
    </Dialog>
  );
}
