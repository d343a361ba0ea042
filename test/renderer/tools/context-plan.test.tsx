// CTX-2 in the tools view: the plan opens on the selected agent's suggestions with their reasons
// and savings; a pick previews again with the person's picks; writing sends the hashes the
// preview read; undo is offered after and calls the host with the plan's id; an agent without a
// filter field says so and offers no write.
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanSuggestion, PlanView } from '../../../shared/contract';
import { sizeToolScroller } from './scroller-size';
import { mountView, ok, settle, toolRow, toolsView } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});
sizeToolScroller();

const A = 'configured:gemini:echo';
const B = 'configured:gemini:copy';
const denied: PlanSuggestion = { id: `denied:${A}:fail`, kind: 'denied', serverId: A, serverName: 'echo', tool: 'fail', name: 'mcp_echo_fail', tokens: 39, params: { rule: 'mcp_echo_fail priority=4.4' }, picked: true, blocked: null };
const dup: PlanSuggestion = { id: `duplicate:${B}:echo`, kind: 'duplicate', serverId: B, serverName: 'copy', tool: 'echo', name: 'mcp_copy_echo', tokens: 49, params: { other: 'echo/echo', otherName: 'mcp_echo_echo' }, picked: true, blocked: null };
const standing = (tools: number, tokens: number) => ({ profile: 'gemini' as const, tools, tokens, limits: [] });

function plan(picks: string[] | undefined, over: Partial<PlanView> = {}): PlanView {
  const on = new Set(picks ?? [denied.id, dup.id]);
  const suggestions = [denied, dup].map((s) => ({ ...s, picked: on.has(s.id) }));
  const saved = suggestions.reduce((n, s) => n + (s.picked ? s.tokens : 0), 0);
  return {
    profile: 'gemini',
    fields: ['includeTools', 'excludeTools'],
    via: 'fields',
    suggestions,
    before: standing(4, 200),
    after: standing(4 - on.size, 200 - saved),
    upFront: { before: { tokens: 200, deferred: 0 }, after: { tokens: 200 - saved, deferred: 0 } },
    targetTokens: null,
    files: on.size ? [{ path: '/home/u/.gemini/settings.json', layer: 'user', hash: 'h1', servers: ['echo'], diff: [{ op: 'same', text: '"echo": {' }, { op: 'add', text: '"excludeTools": ["fail"]' }], refusal: null }] : [],
    disappear: suggestions.filter((s) => s.picked).map((s) => ({ name: s.name!, serverName: s.serverName, tool: s.tool })),
    appear: [],
    resolved: [],
    created: [],
    ...over,
  };
}

const rows = [toolRow({ tool: 'fail', serverId: A, serverName: 'echo', names: { gemini: 'mcp_echo_fail' } }), toolRow({ tool: 'echo', serverId: B, serverName: 'copy', names: { gemini: 'mcp_copy_echo' } })];
const view = toolsView(rows, { profile: 'gemini', agents: ['gemini'] });

async function openPlan(answers: Record<string, unknown>) {
  const m = await mountView('tools', { 'tools.list': ok(view), ...answers });
  off = m.off;
  await settle();
  await userEvent.click(screen.getByRole('button', { name: 'Plan…' }));
  await settle();
  return { m, dialog: screen.getByRole('dialog', { name: 'Context plan for Gemini CLI' }) };
}

describe('context plan (CTX-2) in the tools view', () => {
  it('shows each suggestion with its reason and saving, the totals and the diff; a pick previews again with the picks', async () => {
    const { m, dialog } = await openPlan({ 'plan.preview': (i: { picks?: string[] }) => ok(plan(i.picks)) });
    expect(within(dialog).getByTestId('plan-suggestion-denied')).toHaveTextContent("Gemini CLI's own rule mcp_echo_fail priority=4.4 denies every call to it");
    expect(within(dialog).getByTestId('plan-suggestion-duplicate')).toHaveTextContent('the same tool as echo/echo, offered twice');
    expect(within(dialog).getByTestId('plan-totals')).toHaveTextContent('Gemini CLI: 4 tools, ~200 tokens up front now; 2 tools, ~112 tokens up front after the picked suggestions (44% less)');
    expect(within(dialog).getByTestId('plan-diff')).toHaveTextContent('+ "excludeTools": ["fail"]');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /mcp_copy_echo/ }));
    await settle();
    expect(m.calls.filter((c) => c.method === 'plan.preview').at(-1)!.input).toEqual({ picks: [denied.id], contextWindow: 200_000 });
    expect(within(dialog).getByTestId('plan-totals')).toHaveTextContent('3 tools, ~161 tokens up front after');
  });

  it('writes with the hashes the preview read, then offers undo, which calls the host with the plan id', async () => {
    const { m, dialog } = await openPlan({
      'plan.preview': (i: { picks?: string[] }) => ok(plan(i.picks)),
      'plan.apply': ok({ id: 'p1', written: [{ path: '/home/u/.gemini/settings.json', layer: 'user' }], failed: [] }),
      'plan.undo': ok({ id: 'p1', restored: [{ path: '/home/u/.gemini/settings.json' }], failed: [] }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write the plan' }));
    await settle();
    expect(m.calls.find((c) => c.method === 'plan.apply')!.input).toEqual({ contextWindow: 200_000, baseHashes: { '/home/u/.gemini/settings.json': 'h1' } });
    expect(within(dialog).getByTestId('plan-applied')).toHaveTextContent('Written (1 files). Undo: mcp-panel plan --undo p1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await settle();
    expect(m.calls.find((c) => c.method === 'plan.undo')!.input).toEqual({ id: 'p1' });
    expect(within(dialog).getByTestId('plan-undone')).toHaveTextContent('Plan p1 undone (1 files put back byte for byte).');
  });

  it('an agent with no filter field: the suggestions say why nothing is written, and there is nothing to write', async () => {
    const blocked = (s: PlanSuggestion) => ({ ...s, blocked: 'unsupported' as const });
    const { dialog } = await openPlan({ 'plan.preview': ok(plan(undefined, { profile: 'gemini', fields: [], via: 'none', suggestions: [blocked(denied), blocked(dup)], files: [], after: standing(4, 200), upFront: { before: { tokens: 200, deferred: 0 }, after: { tokens: 200, deferred: 0 } } })) });
    expect(within(dialog).getByText('Gemini CLI has no per-tool filter in its files, so the panel can only show what it would drop.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Gemini CLI has no per-tool filter in its files: not written')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Write the plan' })).toBeDisabled();
  });

  it('a token target previews again with it and says whether the plan meets it', async () => {
    const { m, dialog } = await openPlan({ 'plan.preview': (i: { picks?: string[]; targetTokens?: number }) => ok(plan(i.picks, { targetTokens: i.targetTokens ?? null })) });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Target tokens/ }), '100');
    await settle();
    expect(m.calls.filter((c) => c.method === 'plan.preview').at(-1)!.input).toEqual({ targetTokens: 100, contextWindow: 200_000 });
    expect(within(dialog).getByTestId('plan-target-line')).toHaveTextContent('Target ~100 tokens: still ~12 tokens over');
  });

  it('a server to defer (Kimi) is shown as the server with its tools up front, the agent\'s own field and condition, and the totals say how many load on demand', async () => {
    const K = 'configured:kimi:echo';
    const defer: PlanSuggestion = { id: `defer:${K}:`, kind: 'defer', serverId: K, serverName: 'echo', tool: '', name: null, tokens: 300, params: { field: 'deferred', mechanism: 'select_tools', tools: 7 }, picked: true, blocked: null };
    const kimi = plan(undefined, {
      profile: 'kimi',
      fields: ['enabledTools', 'disabledTools'],
      suggestions: [defer],
      before: { ...standing(7, 300), profile: 'kimi' },
      after: { ...standing(7, 300), profile: 'kimi' },
      upFront: { before: { tokens: 300, deferred: 0 }, after: { tokens: 0, deferred: 7 } },
      files: [{ path: '/home/u/.kimi-code/mcp.json', layer: 'user', hash: 'h1', servers: ['echo'], diff: [{ op: 'add', text: '"deferred": true' }], refusal: null }],
      disappear: [],
    });
    const m = await mountView('tools', { 'tools.list': ok(toolsView(rows, { profile: 'kimi', agents: ['kimi'] })), 'plan.preview': ok(kimi) });
    off = m.off;
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Plan…' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Context plan for Kimi Code' });
    const row = within(dialog).getByTestId('plan-suggestion-defer');
    expect(row).toHaveTextContent('echo the whole server: 7 tools up front −300 tokens');
    expect(row).toHaveTextContent('marked "deferred": true, its tools leave Kimi Code’s tool table and load on demand through its own select_tools; none is hidden');
    expect(row).toHaveTextContent('Kimi Code does so when the model can load tools on demand and its tool-select switch is on');
    expect(within(dialog).getByTestId('plan-totals')).toHaveTextContent('Kimi Code: 7 tools, ~300 tokens up front now; 7 tools, ~0 tokens up front after the picked suggestions (100% less); 7 of them load on demand');
    expect(within(dialog).getByTestId('plan-diff')).toHaveTextContent('+ "deferred": true');
  });
});
