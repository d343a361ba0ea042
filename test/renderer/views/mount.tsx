// Mount the whole App on a fake bridge (answers from a table, events pushed through the real
// contract client so validation runs), as the shell tests do.
import { act, render } from '@testing-library/react';
import type { ToolDetail, ToolRow, ToolsView } from '../../../shared/contract';
import { App } from '../../../renderer/src/App';
import { connectStore, createAppStore } from '../../../renderer/src/stores/app-store';
import { StoreContext } from '../../../renderer/src/store-context';
import { fakeBridge, serverRow, serversView } from '../shell/fake-bridge';

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
    ...over,
  };
}

export async function mountApp(answers: Record<string, unknown>, opts: { locale?: 'en' | 'zh' } = {}) {
  const fake = fakeBridge({ 'profiles.detect': profiles, 'servers.list': ok(serversView([serverRow({ name: 'alpha' })])), ...answers });
  const store = createAppStore(fake.bridge, opts.locale ?? 'en');
  const off = connectStore(store, fake.bridge);
  const r = render(
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>,
  );
  await act(async () => {
    await Promise.all([store.getState().loadProfiles(), store.getState().loadServers()]);
  });
  return { ...fake, store, off, unmount: r.unmount };
}

/** Let pending bridge answers and effects settle. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}
