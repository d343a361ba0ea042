// UI-3 / NAME-4 / CONN-8 in the tools view: rows with their server and raw tool name, the
// "collisions only" filter, collisions grouped by server pair with the rule and the cause, and
// the per-tool switches: the effect shown before saving, the save, a conflict, and an agent
// without such a setting (minimax: no switch offered).
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sizeToolScroller } from './scroller-size';
import type { CollisionRow, ToolFilterPreview } from '../../../shared/contract';
import { mountView, ok, settle, toolRow, toolsView } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});
sizeToolScroller();

const A = 'configured:kimi:docs_x';
const B = 'configured:kimi:docs.x';
const C = 'configured:kimi:other';
const ref = (serverId: string, serverName: string, tool: string) => ({ serverId, serverName, tool });
const collision = (tool: string, loser = ref(B, 'docs.x', tool), cause: CollisionRow['cause'] = 'sanitised'): CollisionRow => ({
  profile: 'kimi', name: `mcp__docs_x__${tool}`, kind: 'other_server', winner: ref(A, 'docs_x', tool), loser, resolution: 'dropped', assigned: null, why: 'x', cause,
});
const rows = [
  toolRow({ tool: 'echo', serverId: A, serverName: 'docs_x', names: { minimax: 'mcp__docs_x__echo', kimi: 'mcp__docs_x__echo', minara: 'mcp_docs_x_echo' } }),
  toolRow({ tool: 'parts', serverId: A, serverName: 'docs_x', names: { minimax: 'mcp__docs_x__parts', kimi: 'mcp__docs_x__parts', minara: 'mcp_docs_x_parts' } }),
  toolRow({ tool: 'echo', serverId: B, serverName: 'docs.x', names: { minimax: 'mcp__docs_x__echo_2', kimi: null, minara: 'mcp_docs_x_echo' }, dropped: true }),
  toolRow({ tool: 'parts', serverId: B, serverName: 'docs.x', names: { minimax: 'mcp__docs_x__parts_2', kimi: null, minara: 'mcp_docs_x_parts' }, dropped: true }),
  toolRow({ tool: 'solo', serverId: C, serverName: 'other', names: { minimax: 'mcp__other__solo', kimi: 'mcp__other__solo', minara: 'mcp_other_solo' } }),
];
const servers = [A, B, C].map((id, i) => ({ id, name: ['docs_x', 'docs.x', 'other'][i]!, source: 'configured' as const, state: 'connected' as const, reason: '', toolCount: 2, tokens: 60, diff: null }));
const view = toolsView(rows, { profile: 'kimi', agents: ['kimi', 'minimax', 'minara'], servers, collisions: [collision('echo'), collision('parts'), collision('solo', ref(C, 'other', 'solo'), 'truncated')] });

function preview(enabled: string[] | undefined, over: Partial<ToolFilterPreview> = {}): ToolFilterPreview {
  const on = new Set(enabled ?? ['echo', 'parts']);
  const off = !on.has('parts');
  return {
    serverId: A, serverName: 'docs_x', profile: 'kimi', layer: 'user', fields: ['enabledTools', 'disabledTools'], blocked: null, path: '/home/u/.kimi-code/mcp.json', hash: 'h1',
    tools: ['echo', 'parts'].map((name) => ({ name, enabled: true, wanted: on.has(name), capped: false })),
    patch: off ? { disabledTools: ['parts'] } : {},
    map: [],
    disappear: off ? [{ name: 'mcp__docs_x__parts', serverName: 'docs_x', tool: 'parts' }] : [],
    appear: off ? [{ name: 'mcp__docs_x__parts', serverName: 'docs.x', tool: 'parts' }] : [],
    resolved: off ? [collision('parts')] : [],
    created: [],
    tokens: { before: 12_000, after: off ? 11_000 : 12_000 },
    ...over,
  };
}

async function openTools(answers: Record<string, unknown>, locale: 'en' | 'zh' = 'en') {
  const m = await mountView('tools', { 'tools.list': ok(view), ...answers }, { locale });
  off = m.off;
  await settle();
  return m;
}

describe('tools and collisions (NAME-4)', () => {
  it('each row shows its server and raw tool name; "collisions only" and the server filter narrow the list', async () => {
    await openTools({});
    const row = document.querySelector('[data-server="docs.x"][data-tool="parts"]') as HTMLElement;
    expect(within(row).getByTestId('origin')).toHaveTextContent('docs.x · parts');
    expect(within(row).getByTestId('qualified')).toHaveTextContent('dropped');
    // Beside it, the names of the other agents the host named the tools for: only those.
    expect(row.querySelector('[title]')!.getAttribute('title')!.split('\n')[2]).toBe('minimax: mcp__docs_x__parts_2   minara: mcp_docs_x_parts');
    expect(document.querySelectorAll('[data-tool]')).toHaveLength(5);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Collisions only' }));
    expect(document.querySelectorAll('[data-tool]')).toHaveLength(5); // every one of them won or lost
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter tools' }), 'solo');
    expect([...document.querySelectorAll('[data-tool]')].map((e) => e.getAttribute('data-server'))).toEqual(['other']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter tools' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter tools' }), 'nothing-like-this');
    expect(screen.getByTestId('no-match')).toHaveTextContent('No tool matches the filters.');
  });

  it('collisions are grouped by server pair, with the rule once per pair and the cause per name', async () => {
    await openTools({});
    const groups = screen.getAllByTestId('collision-group');
    expect(groups.map((g) => g.getAttribute('data-pair'))).toEqual(['docs_x|docs.x', 'docs_x|other']);
    expect(groups[0]).toHaveTextContent('docs_x ↔ docs.x2 collisions');
    expect(within(groups[0]!).getAllByText(/^Why: Kimi connects every server at once and keeps the name for the first to finish connecting/)).toHaveLength(1);
    expect(groups[0]).toHaveTextContent('docs_x/parts keeps the name; docs.x/parts lost it, and is dropped.');
    expect(groups[0]).toHaveTextContent('Cause: the names differ only in characters kimi turns into "_"');
    expect(groups[1]).toHaveTextContent('Cause: both names are longer than kimi allows and are the same once cut to length.');
  });
});

describe('per-tool switches (CONN-8)', () => {
  it('shows the effect before saving, then saves with the preview hash', async () => {
    const m = await openTools({
      'tools.previewToolFilter': (i: { enabled?: string[] }) => ok(preview(i.enabled)),
      'tools.setToolFilter': ok({ path: '/home/u/.kimi-code/mcp.json', changed: true, created: false, hash: 'h2' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Turn tools on or off…' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Tools of docs_x' });
    expect(within(dialog).getByText('Nothing changes yet: turn a tool on or off.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'parts' }));
    await settle();
    expect(m.calls.filter((c) => c.method === 'tools.previewToolFilter').at(-1)!.input).toEqual({ serverId: A, enabled: ['echo'] });
    expect(within(dialog).getByTestId('names-disappear')).toHaveTextContent('mcp__docs_x__parts server docs_x, tool parts');
    expect(within(dialog).getByTestId('names-appear')).toHaveTextContent('server docs.x, tool parts');
    expect(within(dialog).getByTestId('collisions-resolved')).toHaveTextContent('mcp__docs_x__parts');
    expect(within(dialog).getByTestId('budget')).toHaveTextContent('Context budget: 12,000 → 11,000 tokens (6% → 5.5% of a 200,000-token context window)');
    expect(within(dialog).getByTestId('filter-patch')).toHaveTextContent('"disabledTools": [ "parts" ]');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle();
    expect(m.calls.find((c) => c.method === 'tools.setToolFilter')!.input).toEqual({ serverId: A, enabled: ['echo'], baseHash: 'h1' });
    expect(screen.queryByRole('dialog', { name: 'Tools of docs_x' })).not.toBeInTheDocument();
    expect(screen.getByText('Saved to /home/u/.kimi-code/mcp.json. The server reconnects with its new tool list.')).toBeInTheDocument();
  });

  it('a file changed on disk is a conflict: said in words, and the preview can be read again', async () => {
    const m = await openTools({
      'tools.previewToolFilter': (i: { enabled?: string[] }) => ok(preview(i.enabled)),
      'tools.setToolFilter': { ok: false, error: { code: 'conflict', message: 'conflict', data: { reason: 'conflict' } } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Turn tools on or off…' }));
    await settle();
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'parts' }));
    await settle();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle();
    expect(within(dialog).getByTestId('filter-error')).toHaveTextContent('the file changed on disk since it was read');
    const before = m.calls.filter((c) => c.method === 'tools.previewToolFilter').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review again' }));
    await settle();
    expect(m.calls.filter((c) => c.method === 'tools.previewToolFilter')).toHaveLength(before + 1);
  });

  it('an agent without a per-tool setting says so and offers no switch (in Chinese too)', async () => {
    const blocked = { 'tools.previewToolFilter': ok(preview(undefined, { profile: 'minimax', fields: [], blocked: 'unsupported', tools: [], patch: {} })) };
    await openTools(blocked);
    await userEvent.click(screen.getByRole('button', { name: 'Turn tools on or off…' }));
    await settle();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('filter-blocked')).toHaveTextContent('minimax has no per-tool setting in its files');
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    cleanup();
    off?.();
    await openTools(blocked, 'zh');
    await userEvent.click(screen.getByRole('button', { name: '开启或关闭工具…' }));
    await settle();
    expect(screen.getByTestId('filter-blocked')).toHaveTextContent('minimax 的配置文件没有单个工具的设置');
    expect(screen.getByRole('checkbox', { name: '仅显示冲突' })).toBeInTheDocument();
  });
});
