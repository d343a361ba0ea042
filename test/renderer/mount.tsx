// Mounting for renderer tests, on a fake bridge (answers from a table, events pushed through the
// real contract client so validation runs):
//   mountView(section | () => <Component />, answers, { locale, bridgeContext })  one view, as
//     App renders it (its store, the theme, the notifications) without the shell around it;
//     what a view test should use.
//   mountApp(answers, { locale })  the whole App: only for the shell itself (navigation,
//     pickers, trust banner, theme and language applied to the page).
// Both load the profiles and the servers first, as the page does at start, and return the fake
// bridge (calls, answers, emit), the store, `off` (the store's event wiring) and `unmount`.
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import type { ToolDetail, ToolRow, ToolsView } from '../../shared/contract';
import { App } from '../../renderer/src/App';
import { VIEWS } from '../../renderer/src/views';
import { connectStore, createAppStore, type AppStore } from '../../renderer/src/stores/app-store';
import { BridgeContext, StoreContext, useApp } from '../../renderer/src/store-context';
import type { Section } from '../../renderer/src/stores/ui-slice';
import { PanelThemeProvider } from '../../renderer/src/theme';
import { type FakeBridge, fakeBridge, serverRow, serversView } from './fake-bridge';

export const profiles = {
  ok: true,
  value: {
    profiles: [{ profile: 'minimax', detected: true, evidence: ['/home/u/.minimax-code'] }],
    recentWorkspaces: [],
    selection: { profile: 'minimax', workspace: '/work/proj' },
  },
};

export const ok = (value: unknown) => ({ ok: true, value });

export function toolRow(over: Partial<ToolRow> & { tool: string }): ToolRow {
  return {
    serverId: 'configured:minimax:alpha',
    serverName: 'alpha',
    summary: `The ${over.tool} tool`,
    names: { minimax: `mcp__alpha__${over.tool}`, kimi: `mcp__alpha__${over.tool}`, minara: `mcp_alpha_${over.tool}` },
    tokens: 30,
    deferred: false,
    collidesWith: null,
    dropped: false,
    ...over,
  };
}

/** A tools.describe answer built from the row, as the host's describeTool would. */
export function toolDetail(row: ToolRow, over: Partial<ToolDetail> = {}): ToolDetail {
  return { serverId: row.serverId, serverName: row.serverName, tool: row.tool, title: null, description: `The ${row.tool} tool in full`, inputSchema: { type: 'object', properties: {} }, outputSchema: null, annotations: null, warnings: [], tokens: row.tokens, ...over };
}

/** A tools.describe answer table: the detail of each row by tool name, or not-found. */
export function describeFrom(rows: ToolRow[], over: Record<string, Partial<ToolDetail>> = {}) {
  return (input: unknown) => {
    const { serverId, tool } = input as { serverId: string; tool: string };
    const row = rows.find((r) => r.serverId === serverId && r.tool === tool);
    return row ? ok(toolDetail(row, over[tool])) : { ok: false, error: { code: 'not-found', message: `no tool ${tool}` } };
  };
}

export function toolsView(tools: ToolRow[], over: Partial<ToolsView> = {}): ToolsView {
  return {
    profile: 'minimax',
    servers: [{ id: 'configured:minimax:alpha', name: 'alpha', source: 'configured', state: 'connected', reason: 'ok', toolCount: tools.length, tokens: 30 * tools.length, diff: null }],
    tools,
    collisions: [],
    agents: ['minimax'],
    limits: [],
    ...over,
  };
}

export interface Mounted extends FakeBridge {
  store: AppStore;
  /** Stops the store following the bridge's events (call in afterEach). */
  off: () => void;
  unmount: () => void;
}

export interface MountOptions {
  locale?: 'en' | 'zh';
  /** Also provide the bridge itself (BridgeContext), as main.tsx does: views that follow a stream of their own use it. */
  bridgeContext?: boolean;
}

async function mount(answers: Record<string, unknown>, opts: MountOptions, ui: (store: AppStore) => ReactNode): Promise<Mounted> {
  const fake = fakeBridge({ 'profiles.detect': profiles, 'servers.list': ok(serversView([serverRow({ name: 'alpha' })])), ...answers });
  const store = createAppStore(fake.bridge, opts.locale ?? 'en');
  const off = connectStore(store, fake.bridge);
  const tree = <StoreContext.Provider value={store}>{ui(store)}</StoreContext.Provider>;
  const r = render(opts.bridgeContext ? <BridgeContext.Provider value={fake.bridge}>{tree}</BridgeContext.Provider> : tree);
  await act(async () => {
    await Promise.all([store.getState().loadProfiles(), store.getState().loadServers()]);
  });
  return { ...fake, store, off, unmount: r.unmount };
}

/** The theme the store holds, as App applies it. */
function Themed({ children }: { children: ReactNode }) {
  return <PanelThemeProvider theme={useApp((s) => s.theme)}>{children}</PanelThemeProvider>;
}

/**
 * One view alone: a section (the component App shows for it; the store's section is set to it,
 * so what the store does for the section on screen happens) or any component.
 */
export async function mountView(view: Section | (() => ReactNode), answers: Record<string, unknown> = {}, opts: MountOptions = {}): Promise<Mounted> {
  const View = typeof view === 'string' ? VIEWS[view] : view;
  return mount(answers, opts, (store) => {
    if (typeof view === 'string') store.setState({ section: view });
    return (
      <Themed>
        <View />
      </Themed>
    );
  });
}

/** The whole App (shell included): for tests of the shell itself. */
export async function mountApp(answers: Record<string, unknown>, opts: MountOptions = {}): Promise<Mounted> {
  return mount(answers, opts, () => <App />);
}

/** Lets answers already given by the fake bridge, and the effects they cause, land (one turn of the event loop, not a wait for time). */
export async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

/**
 * Waits until the fake bridge was asked `method` with an input `match` accepts (a debounced or
 * effect-driven call), then lets its answer land. Returns that input.
 */
export async function called(m: FakeBridge, method: string, match: (input: unknown) => boolean = () => true): Promise<unknown> {
  const find = () => m.calls.filter((c) => c.method === method && match(c.input)).at(-1);
  await waitFor(() => expect(find(), `${method} was not called as expected`).toBeDefined());
  await settle();
  return find()!.input;
}
