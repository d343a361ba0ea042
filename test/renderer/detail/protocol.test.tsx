// PROTO-1 and PROTO-4 in Server details: the era and version the server speaks, the person's era
// choice saved through servers.setEraMode (the info read again once the server reconnected), and
// what the 2026-07-28 revision dropped (ping, logging/setLevel) said in place instead of offered;
// the log level set on a legacy server that offers logging. Over a fake bridge (answers and events
// validated by the real contract client).
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { serverRow, serversView } from '../fake-bridge';
import { called, mountView, ok, settle } from '../mount';

const ID = 'configured:minimax:alpha';
const info = (era: 'legacy' | 'modern', capabilities: Record<string, unknown> = { tools: {}, logging: {} }) => ({
  name: 'fixture',
  version: '1.0.0',
  title: null,
  protocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25',
  era,
  capabilities,
  instructions: null,
});
const connected = (era: 'legacy' | 'modern') => ({ kind: 'connected', code: 'connected', reason: 'ok', since: 1, toolCount: 3, connectMs: 120, era, protocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25' }) as const;

let off: (() => void) | undefined;
afterEach(() => {
  off?.();
  cleanup();
});

async function open(era: 'legacy' | 'modern', answers: Record<string, unknown> = {}, locale: 'en' | 'zh' = 'en') {
  const m = await mountView('detail', { 'servers.list': ok(serversView([serverRow({ name: 'alpha', state: connected(era) })])), 'inspect.server': ok(info(era)), 'servers.eraMode': ok({ mode: 'auto' }), ...answers }, { locale });
  off = m.off;
  act(() => m.store.getState().openDetail(ID));
  await settle();
  return m;
}

describe('server details: protocol', () => {
  it('a legacy server: era and version shown, Ping offered, the log level set', async () => {
    const m = await open('legacy');
    m.answers['inspect.setLogLevel'] = ok({ level: 'warning' });
    expect(await screen.findByTestId('protocol-era')).toHaveTextContent('MCP 2025-11-25, legacy (initialize)');
    expect(screen.getByRole('button', { name: 'Ping' })).toBeInTheDocument();
    expect(screen.queryByTestId('ping-modern')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^Era to use/)).toHaveValue('auto'));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Log level'), 'warning');
    await user.click(screen.getByRole('button', { name: 'Set level' }));
    expect(await called(m, 'inspect.setLogLevel')).toEqual({ id: ID, level: 'warning' });
    expect(await screen.findByText(/sends log messages from “Warning” up/)).toBeInTheDocument();
  });

  it('a modern server: no Ping and no log level offered, each said in place', async () => {
    const m = await open('modern');
    expect(await screen.findByTestId('protocol-era')).toHaveTextContent('MCP 2026-07-28, modern (2026-07-28)');
    expect(screen.queryByRole('button', { name: 'Ping' })).toBeNull();
    expect(screen.getByTestId('ping-modern')).toHaveTextContent('the 2026-07-28 protocol dropped it');
    expect(screen.getByTestId('log-level-note')).toHaveTextContent('dropped logging/setLevel');
    expect(screen.queryByLabelText('Log level')).toBeNull();
    expect(m.calls.some((c) => c.method === 'inspect.ping' || c.method === 'inspect.setLogLevel')).toBe(false);
  });

  it('a legacy server without logging says so', async () => {
    await open('legacy', { 'inspect.server': ok(info('legacy', { tools: {} })) });
    expect(await screen.findByTestId('log-level-note')).toHaveTextContent('This server does not offer logging.');
  });

  it('the era choice is saved through servers.setEraMode and the info asked again', async () => {
    const m = await open('legacy');
    await waitFor(() => expect(screen.getByLabelText(/^Era to use/)).toHaveValue('auto'));
    const before = m.calls.filter((c) => c.method === 'inspect.server').length;
    m.answers['inspect.server'] = ok(info('modern'));
    m.answers['servers.setEraMode'] = ok({ mode: 'modern', server: serverRow({ name: 'alpha' }) });
    await userEvent.setup().selectOptions(screen.getByLabelText(/^Era to use/), 'modern');
    expect(await called(m, 'servers.setEraMode')).toEqual({ id: ID, mode: 'modern' });
    expect(await screen.findByTestId('era-saved')).toHaveTextContent('Saved; the server reconnected with it.');
    await waitFor(() => expect(m.calls.filter((c) => c.method === 'inspect.server').length).toBe(before + 1));
    expect(await screen.findByTestId('protocol-era')).toHaveAttribute('data-era', 'modern');
    // The row follows the host's state event: Ping goes once the server speaks the modern era.
    act(() => m.emit('servers.stateChanged', { id: ID, state: connected('modern'), toolCount: 3 }));
    expect(await screen.findByTestId('ping-modern')).toBeInTheDocument();
  });

  it('in Chinese', async () => {
    await open('modern', {}, 'zh');
    const section = await screen.findByTestId('protocol-section');
    expect(within(section).getByTestId('protocol-era')).toHaveTextContent('MCP 2026-07-28，新版（2026-07-28）');
    expect(within(section).getByTestId('log-level-note')).toHaveTextContent('2026-07-28 协议已去掉 logging/setLevel');
  });
});
