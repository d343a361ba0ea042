// The import panel (CFG-1, UI-2): picking a source only asks for the preview; nothing is
// written until "Import N selected", and only the ticked servers are sent. Project servers
// arrive unticked for the user layer, and a refused server cannot be ticked.
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportPlan, ImportPlanItem } from '../../../shared/contract';
import { ImportPanel } from '../../../renderer/src/features/editor/ImportPanel';
import { mountView, ok } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  off = null;
  cleanup();
});

const USER_FILE = '/home/u/.minimax-code/mcp.json';

function item(name: string, over: Partial<ImportPlanItem>): ImportPlanItem {
  const path = over.scope === 'project' ? '/work/proj/.mcp.json' : '/home/u/.claude.json';
  return { name, from: `${path}#/mcpServers/${name}`, path, pointer: `/mcpServers/${name}`, scope: 'user', verdict: 'import', notes: [], skip: null, selected: true, ...over };
}

const plan: ImportPlan = {
  source: 'claude-code',
  layer: 'user',
  path: USER_FILE,
  sourceFiles: [
    { path: '/home/u/.claude.json', state: 'ok', error: null },
    { path: '/work/proj/.mcp.json', state: 'ok', error: null },
  ],
  servers: [
    item('personal', {}),
    item('team', { scope: 'project', selected: false, notes: ['${workspaceFolder} was replaced by /work/proj'] }),
    item('leaky', { scope: 'project', verdict: 'skip', selected: false, skip: { code: 'inline_secret', reason: 'holds a literal secret in the source: /mcpServers/leaky/headers/Authorization' } }),
  ],
};

const report = ok({ source: 'claude-code', path: USER_FILE, imported: [{ name: 'team', from: plan.servers[1]!.from, notes: [] }], skipped: [], notPicked: [], sourceFiles: plan.sourceFiles, changed: true });

/** The panel alone over the real store and a fake bridge (answers through the real contract client). */
async function openImport() {
  const m = await mountView(() => <ImportPanel />, { 'editor.importPreview': ok(plan), 'editor.import': report });
  off = m.off;
  const user = userEvent.setup();
  await user.click(screen.getByText('Import from another app'));
  return { ...m, user };
}

describe('import panel', () => {
  it('a source shows the preview; only the ticked servers are sent, and only on the click', async () => {
    const { calls, user } = await openImport();
    await user.click(screen.getByRole('button', { name: 'claude-code' }));
    const table = await screen.findByRole('table');
    expect(calls.find((c) => c.method === 'editor.importPreview')?.input).toEqual({ from: 'claude-code', layer: 'user', replace: false });
    expect(screen.getByText(`Into ${USER_FILE} (user layer)`)).toBeInTheDocument();
    expect(table.querySelector('[data-path="/work/proj/.mcp.json#/mcpServers/team"]')).toBeInTheDocument();
    const box = (name: string) => within(table).getByRole('checkbox', { name: `Import ${name}` });
    expect(box('personal')).toBeChecked();
    expect(box('team')).not.toBeChecked(); // project server, user layer: not assumed
    expect(box('leaky')).toBeDisabled();
    expect(within(table).getByText(/skipped: holds a literal secret/)).toBeInTheDocument();
    expect(screen.getByText(/Servers marked “project” come from this workspace/)).toBeInTheDocument();

    await user.click(box('team'));
    await user.click(box('personal'));
    expect(calls.some((c) => c.method === 'editor.import')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Import 1 selected' }));
    expect(calls.filter((c) => c.method === 'editor.import').map((c) => c.input)).toEqual([{ from: 'claude-code', layer: 'user', only: ['team'], replace: false }]);
    expect(await screen.findByText(`1 imported into ${USER_FILE}.`)).toBeInTheDocument();
  });

  it('nothing ticked: the import button is disabled; replace asks for a new preview', async () => {
    const { calls, user } = await openImport();
    await user.click(screen.getByRole('button', { name: 'claude-code' }));
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('checkbox', { name: 'Import personal' }));
    expect(screen.getByRole('button', { name: 'Import 0 selected' })).toBeDisabled();
    await user.click(screen.getByLabelText('Replace servers of the same name'));
    expect(calls.filter((c) => c.method === 'editor.importPreview').map((c) => c.input)).toEqual([
      { from: 'claude-code', layer: 'user', replace: false },
      { from: 'claude-code', layer: 'user', replace: true },
    ]);
    expect(calls.some((c) => c.method === 'editor.import')).toBe(false);
  });

  it('sits in the editor and previews into the layer chosen there', async () => {
    const layers = ok({ layers: [{ layer: 'user', path: USER_FILE, dialect: 'minimax', readOnly: null, expansion: 'entry', hash: 'h1' }] });
    const m = await mountView('editor', { 'editor.layers': layers, 'editor.importPreview': ok(plan) });
    off = m.off;
    const user = userEvent.setup();
    await screen.findByRole('option', { name: /user: \/home\/u/ });
    await user.click(screen.getByText('Import from another app'));
    await user.click(screen.getByRole('button', { name: 'claude-code' }));
    expect(await screen.findByRole('button', { name: 'Import 1 selected' })).toBeEnabled();
    expect(m.calls.filter((c) => c.method.startsWith('editor.import'))).toEqual([{ method: 'editor.importPreview', input: { from: 'claude-code', layer: 'user', replace: false } }]);
  });
});
