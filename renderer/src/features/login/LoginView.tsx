// UI-6: log in / out per OAuth server with progress (waiting for the browser, exchanging the
// code), cancel, errors that say what to do; token status without any secret (SEC-2). In the
// browser the page itself opens the sign-in page (the host cannot reach this browser).
// A login belongs to the server URL, not to the profile: the view says so, and logging out says
// it ended the login for every profile. Servers that need no login get no Log in button, and
// where tokens are kept is said once per row, as it really is (keychain or this session).
import { useEffect } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { AuthRow, LoginProgress } from '../../../../shared/contract';
import { errorText } from '../../../../shared/i18n/write-errors';
import { KeychainProblem } from '../../components/KeychainProblem';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import classes from './login.module.css';

function Progress({ p, onCancel }: { p: LoginProgress; onCancel(): void }) {
  const t = useT();
  const cancel = (
    <Button size="compact-xs" variant="default" onClick={onCancel}>
      {t('login.cancel')}
    </Button>
  );
  switch (p.type) {
    case 'discovering':
      return (
        <Group gap={6} role="status" wrap="wrap">
          <Loader size="xs" />
          <Text size="sm">{t('login.discovering')}</Text> {cancel}
        </Group>
      );
    case 'waiting-for-browser':
      return (
        <Group gap={6} role="status" wrap="wrap">
          <Loader size="xs" />
          <Text size="sm">{p.opened ? t('login.waitingOpened') : t('login.waiting')}</Text>{' '}
          {!p.opened && (
            <Anchor size="sm" href={p.url} target="_blank" rel="noopener noreferrer" data-testid="login-link">
              {t('login.openPage')}
            </Anchor>
          )}{' '}
          {cancel}
        </Group>
      );
    case 'exchanging':
      return (
        <Group gap={6} role="status">
          <Loader size="xs" />
          <Text size="sm">{t('login.exchanging')}</Text>
        </Group>
      );
    case 'done':
      return (
        <Text size="sm" c="teal" role="status">
          {t('login.done')}
        </Text>
      );
    case 'failed':
      return (
        <Stack gap={2} role="alert" className={classes.wrap}>
          <Text size="sm" c="red">
            {/* Nothing to retry or blame the browser for: the server wants a token, not a login. */}
            {p.code === 'no-oauth' ? t('login.failed.no-oauth') : t('login.failed', { reason: t.code('login.failed', { code: p.code }) })}
          </Text>
          {/* The server's or the library's own words, where they say more than the code. */}
          {RAW_DETAIL.has(p.code) && (
            <Text size="xs" c="dimmed" data-raw>
              {p.reason}
            </Text>
          )}
        </Stack>
      );
  }
}

const RAW_DETAIL: ReadonlySet<LoginProgress & { type: 'failed' } extends { code: infer C } ? C : never> = new Set(['error', 'authorization-denied', 'bad-callback']);

/** Only these can be logged in to: the others need no login, or use a static token. */
const CAN_LOG_IN: ReadonlySet<AuthRow['state']> = new Set(['unknown', 'logged-out', 'logged-in', 'expired', 'needs-auth']);

const STATE_COLOUR: Record<AuthRow['state'], string> = {
  'not-applicable': 'gray',
  unknown: 'gray',
  static: 'blue',
  'logged-out': 'yellow',
  'logged-in': 'teal',
  expired: 'orange',
  'needs-auth': 'orange',
  'token-required': 'red',
};

function Row({ row, keychain }: { row: AuthRow; keychain: boolean }) {
  const t = useT();
  const p = useApp((s) => s.progress[row.id]);
  const loggedOutUrl = useApp((s) => s.loggedOut[row.id]);
  const login = useApp((s) => s.login);
  const cancel = useApp((s) => s.cancelLogin);
  const logout = useApp((s) => s.logout);
  const running = !!p && (p.type === 'discovering' || p.type === 'waiting-for-browser' || p.type === 'exchanging');
  const oauth = CAN_LOG_IN.has(row.state);
  return (
    <Table.Tr data-server={row.name} data-auth={row.state}>
      <Table.Th scope="row" className={classes.wrap}>
        <Text fw={600} size="sm">
          {row.name}
        </Text>
        {row.url && (
          <Text size="xs" c="dimmed" className={classes.url}>
            {row.url}
          </Text>
        )}
      </Table.Th>
      <Table.Td data-testid="auth-state">
        <Badge variant="light" color={STATE_COLOUR[row.state]} className={classes.badge}>
          {t(`login.state.${row.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td data-testid="auth-token" className={classes.wrap}>
        <Text size="sm">{row.tokenStored ? (keychain ? t('login.storedKeychain') : t('login.storedSession')) : oauth ? t('login.notStored') : ''}</Text>
        {row.expiresAt && <Text size="xs">{t('login.expires', { at: t.dateTime(Date.parse(row.expiresAt)) })}</Text>}
        {row.scopes.length > 0 && <Text size="xs">{t('login.scopes', { scopes: row.scopes.join(' ') })}</Text>}
        {row.issuer && <Text size="xs">{t('login.issuer', { issuer: row.issuer })}</Text>}
      </Table.Td>
      <Table.Td className={classes.wrap}>
        <Stack gap={4}>
          <Group gap={6}>
            {oauth && (
              <Button size="xs" disabled={running} onClick={() => void login(row.id)} aria-label={`${t('login.login')} ${row.name}`}>
                {t('login.login')}
              </Button>
            )}
            {row.tokenStored && (
              <Button
                size="xs"
                variant="default"
                disabled={running}
                onClick={() => void logout(row.id)}
                aria-label={`${t('login.logout')} ${row.name}`}
                title={t('login.logoutTitle', { url: row.url ?? row.name })}
              >
                {t('login.logout')}
              </Button>
            )}
            {!oauth && row.state === 'static' && (
              <Text size="xs" c="dimmed">
                {t('login.staticHelp')}
              </Text>
            )}
          </Group>
          {p ? (
            <Progress p={p} onCancel={() => void cancel(row.id)} />
          ) : (
            loggedOutUrl !== undefined && (
              <Text size="sm" c="teal" role="status">
                {t('login.loggedOutAll', { url: loggedOutUrl })}
              </Text>
            )
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export function LoginView() {
  const t = useT();
  const auth = useApp((s) => s.auth);
  const error = useApp((s) => s.authError);
  const load = useApp((s) => s.loadAuth);
  const progress = useApp((s) => s.progress);
  const setSection = useApp((s) => s.setSection);
  useEffect(() => void load(), [load]);
  // Browser mode: open the sign-in page in a new tab as soon as the host has the URL.
  useEffect(() => {
    for (const p of Object.values(progress)) {
      if (p.type === 'waiting-for-browser' && !p.opened && !opened.has(p.url)) {
        opened.add(p.url);
        window.open(p.url, '_blank', 'noopener');
      }
    }
  }, [progress]);
  return (
    <Stack component="section" aria-labelledby="login-title" className="login" gap="sm">
      <PageHeader titleId="login-title" title={t('nav.login')} />
      {auth && !auth.keychain.available && (
        <Alert color="yellow" variant="light" role="status" data-testid="keychain-warning" className={classes.wrap}>
          <Text size="sm">{t('login.noKeychain')}</Text>
          <KeychainProblem status={auth.keychain} />
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" className={classes.wrap}>
          {errorText(t.locale, error)}
        </Alert>
      )}
      {!auth ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('login.loading')}</Text>
        </Group>
      ) : !auth.servers.some((r) => r.url !== null) ? (
        <Stack gap="xs" align="flex-start">
          <Text>{t('login.empty')}</Text>
          <Button variant="default" onClick={() => setSection('editor')}>
            {t('login.addRemote')}
          </Button>
        </Stack>
      ) : (
        <Table layout="fixed" verticalSpacing="xs" data-testid="auth-table" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="26%">
                {t('servers.col.name')}
              </Table.Th>
              <Table.Th scope="col" w="18%">
                {t('login.col.state')}
              </Table.Th>
              <Table.Th scope="col" w="24%">
                {t('login.col.token')}
              </Table.Th>
              <Table.Th scope="col">{t('servers.col.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {auth.servers.map((r) => (
              <Row key={r.id} row={r} keychain={auth.keychain.available} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {auth?.servers.some((r) => r.url !== null) && (
        <Text size="sm" c="dimmed" data-testid="login-shared">
          {t('login.shared')}
        </Text>
      )}
    </Stack>
  );
}

/** URLs already opened in this page (a progress event can be re-applied). */
const opened = new Set<string>();
