// A fake bridge for view tests: answers from a table, records calls, and lets a test push
// events exactly as the host would (through the same contract client, so validation runs).
import { contract, type ServerRow, type ServersView } from '../../shared/contract';
import { createClient, type RpcTransport } from '../../shared/rpc';
import type { PanelBridge } from '../../renderer/src/bridge';

export function serverRow(over: Partial<ServerRow> & { name: string }): ServerRow {
  return {
    id: `configured:minimax:${over.name}`,
    layer: 'user',
    path: '/home/u/.minimax-code/mcp.json',
    pointer: `/mcpServers/${over.name}`,
    transport: 'stdio',
    enabled: true,
    error: null,
    shadows: [],
    deferred: false,
    subagent: false,
    trusted: true,
    target: 'node server.js',
    state: { kind: 'connected', code: 'connected', reason: 'ok', since: 1, toolCount: 3, connectMs: 120 },
    toolCount: 3,
    connectMs: 120,
    lastError: null,
    runnable: (over.enabled ?? true) && (over.trusted ?? true) && !over.error,
    readOnly: false,
    entry: {},
    ...over,
  };
}

export function serversView(servers: ServerRow[], over: Partial<ServersView> = {}): ServersView {
  return {
    profile: 'minimax',
    workspace: '/work/proj',
    layers: [
      { layer: 'user', path: '/home/u/.minimax-code/mcp.json', state: 'ok', error: null, writable: true },
      { layer: 'project', path: '/work/proj/.mcp.json', state: 'ok', error: null, writable: true },
    ],
    problems: [],
    servers,
    needsTrust: false,
    loadedAt: 1,
    ...over,
  };
}

export interface FakeBridge {
  bridge: PanelBridge;
  calls: { method: string; input: unknown }[];
  answers: Record<string, unknown>;
  emit(event: string, payload: unknown): void;
}

/** Answers a test need not give: the store asks for them on its own (no other agent here). */
const DEFAULTS: Record<string, unknown> = { 'install.agentServers': { ok: true, value: { selected: {}, agents: [] } } };

export function fakeBridge(given: Record<string, unknown>): FakeBridge {
  const answers = { ...DEFAULTS, ...given };
  const calls: FakeBridge['calls'] = [];
  const listeners = new Set<(e: string, p: unknown) => void>();
  const transport: RpcTransport = {
    async invoke(method, input) {
      calls.push({ method, input });
      const a = answers[method];
      return typeof a === 'function' ? (a as (i: unknown) => unknown)(input) : (a ?? { ok: true, value: {} });
    },
    subscribe(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  return { bridge: createClient(contract, transport), calls, answers, emit: (e, p) => listeners.forEach((l) => l(e, p)) };
}

type User = ReturnType<typeof import('@testing-library/user-event').default.setup>;

/** Picks an option of a Mantine Select (a combobox with a listbox, not a native <select>). */
export async function chooseOption(user: User, combobox: HTMLElement, option: string | RegExp): Promise<void> {
  const { screen } = await import('@testing-library/react');
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Opens a server row's "More actions" menu and picks one item (labelled "<action> <server>"). */
export async function rowMenu(user: User, server: string, item: string): Promise<void> {
  const { screen } = await import('@testing-library/react');
  await user.click(screen.getByRole('button', { name: `More actions for ${server}` }));
  await user.click(await screen.findByRole('menuitem', { name: `${item} ${server}` }));
}
