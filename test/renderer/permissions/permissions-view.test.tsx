// Issue 14 item 6 in the page: the rule files by layer, unsaved edits kept across a reload
// (sessionStorage) with an "Unsaved" marker and Discard, save with conflicts shown (never a
// silent overwrite), refusals, and the simulator's notes as codes said in en and zh.
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { called, mountView, ok, settle } from '../mount';

const USER = '/home/u/.minimax-code/mcp.json';
const PROJECT = '/work/proj/.mcp.json';
const lists = (l: Partial<Record<'allow' | 'ask' | 'deny', string[]>>) => ({ allow: [], ask: [], deny: [], ...l });
const layer = (over: Record<string, unknown>) => ({ layer: 'user', path: USER, exists: true, trusted: true, readOnly: false, hash: 'h1', rules: lists({ allow: ['mcp__gh'] }), problem: null, ...over });
const read = () => ok({ layers: [layer({}), layer({ layer: 'project', path: PROJECT, readOnly: true, hash: 'h2', rules: lists({ deny: ['mcp__gh__x'] }) })] });

const simulation = ok({
  profile: 'minimax',
  defaultDecision: 'ask',
  tools: [{ name: 'mcp__gh__a__b', decision: 'ask', rule: null, note: { code: 'minimax-tool-unmatchable' } }],
  rules: [
    { list: 'deny', index: 0, rule: 'mcp__gh__x', matches: 0, neverMatches: true, shadowedBy: null, unmatchable: null, notes: [], source: { layer: 'project', path: PROJECT, position: 0 } },
    { list: 'allow', index: 0, rule: 'mcp__gh', matches: 0, neverMatches: true, shadowedBy: null, unmatchable: null, notes: [], source: { layer: 'user', path: USER, position: 0 } },
    { list: 'allow', index: 1, rule: 'mcp__g', matches: 0, neverMatches: true, shadowedBy: { list: 'allow', index: 0, rule: 'mcp__gh' }, unmatchable: { code: 'minimax-no-prefix', params: { rule: 'mcp__g', servers: 'mcp__gh' } }, notes: [{ code: 'content-not-simulated', params: { content: 'x' } }], source: null },
  ],
});

let off: (() => void) | null = null;
let unmount: (() => void) | null = null;
afterEach(() => {
  off?.();
  unmount?.();
  cleanup();
  sessionStorage.clear();
});

async function open(answers: Record<string, unknown> = {}, locale: 'en' | 'zh' = 'en') {
  const m = await mountView('permissions', { 'permissions.read': read, 'permissions.simulate': simulation, ...answers }, { locale });
  off = m.off;
  unmount = m.unmount;
  // The rule files are read first; the (debounced) simulation follows them.
  await called(m, 'permissions.simulate');
  return m;
}

describe('rule files (issue 14 item 6)', () => {
  it('shows each layer file; the read-only project file cannot be edited', async () => {
    await open();
    expect(screen.getByRole('tab', { name: /user file/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Allow')).toHaveValue('mcp__gh');
    await userEvent.setup().click(screen.getByRole('tab', { name: /project file/ }));
    expect(screen.getByRole('tab', { name: /project file/ })).toHaveTextContent('read-only');
    expect(screen.getByLabelText('Deny')).toHaveValue('mcp__gh__x');
    expect(screen.getByLabelText('Deny')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('an edit is marked unsaved, survives a reload of the page, and Discard drops it', async () => {
    const user = userEvent.setup();
    const first = await open();
    await user.type(screen.getByLabelText('Deny'), 'mcp__slack');
    expect(screen.getByTestId('unsaved')).toHaveTextContent('Unsaved');
    // The simulation follows the edit (debounced): the call that has it carries the unsaved lists.
    const sim = (await called(first, 'permissions.simulate', (input) => JSON.stringify(input).includes('mcp__slack'))) as { layers: { rules: unknown }[] };
    expect(sim.layers[0]!.rules).toEqual(lists({ allow: ['mcp__gh'], deny: ['mcp__slack'] }));
    // A reload: a new page on the same session storage.
    off?.();
    unmount?.();
    cleanup();
    await open();
    expect(screen.getByLabelText('Deny')).toHaveValue('mcp__slack');
    expect(screen.getByTestId('unsaved')).toBeVisible();
    expect(screen.getByTestId('draft-restored')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByTestId('unsaved')).toBeNull();
    expect(screen.getByLabelText('Deny')).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('saves the lists with the hash they were read at; a conflict shows the diff and overwrite is a choice', async () => {
    const user = userEvent.setup();
    let conflict = true;
    const m = await open({
      'permissions.save': () =>
        conflict
          ? { ok: false, error: { code: 'conflict', message: 'changed', data: { reason: 'conflict', conflict: { path: USER, base: null, theirs: '{"permissions": {"allow": ["mcp__other"]}}', ours: '{"permissions": {"allow": ["mcp__gh", "mcp__new"]}}' } } } }
          : ok({ path: USER, changed: true, created: false, hash: 'h3' }),
    });
    await user.type(screen.getByLabelText('Allow'), '{Enter}mcp__new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const saves = () => m.calls.filter((c) => c.method === 'permissions.save').map((c) => c.input);
    expect(saves()).toEqual([{ layer: 'user', rules: lists({ allow: ['mcp__gh', 'mcp__new'] }), baseHash: 'h1', overwrite: false }]);
    const alert = screen.getByTestId('save-conflict');
    expect(alert).toHaveTextContent('The file changed on disk since it was read');
    expect(alert).toHaveTextContent('- {"permissions": {"allow": ["mcp__other"]}}');
    expect(screen.getByTestId('unsaved')).toBeVisible();
    conflict = false;
    await user.click(within(alert).getByRole('button', { name: 'Overwrite with my rules' }));
    await settle();
    expect(saves().at(-1)).toMatchObject({ overwrite: true });
    expect(screen.queryByTestId('save-conflict')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(`Saved to ${USER}`);
  });

  it('an untrusted workspace is said as such', async () => {
    const user = userEvent.setup();
    await open({ 'permissions.save': { ok: false, error: { code: 'refused', message: 'x', data: { reason: 'untrusted' } } } });
    await user.type(screen.getByLabelText('Ask'), 'mcp__a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByTestId('save-refused')).toHaveTextContent('The workspace is not trusted');
  });
});

describe('simulation notes (codes, each once)', () => {
  it('numbers rules from 1, names their file, and says each note once, in English and Chinese', async () => {
    await open();
    const row = document.querySelector('tr[data-rule="mcp__g"]') as HTMLElement;
    expect(row).toHaveTextContent('allow #2');
    expect(row).toHaveTextContent('Can never match: minimax never prefix-matches: mcp__g does not cover mcp__gh');
    expect(row.textContent!.match(/Shadowed by allow #1 mcp__gh/g)).toHaveLength(1);
    expect(row.textContent!.match(/never prefix-matches/g)).toHaveLength(1);
    expect(row).toHaveTextContent('argument content "x" is not simulated');
    expect(within(document.querySelector('tr[data-rule="mcp__gh__x"]') as HTMLElement).getByTestId('rule-source')).toHaveTextContent('project');
    expect(document.querySelector('tr[data-tool="mcp__gh__a__b"]')).toHaveTextContent('no minimax rule can match it');
    off?.();
    unmount?.();
    cleanup();
    await open({}, 'zh');
    const zh = document.querySelector('tr[data-rule="mcp__g"]') as HTMLElement;
    expect(zh).toHaveTextContent('allow 第 2 条');
    expect(zh).toHaveTextContent('永远无法匹配：minimax 从不做前缀匹配：mcp__g 不覆盖 mcp__gh');
  });
});
