import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../shared/contract';
import { lineDiff } from '../../../shared/text/line-diff';
import { serverRow, serversView } from '../fake-bridge';
import { mountApp, mountView, ok } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  // Mantine keeps notifications in one store for the module: a "Saved" must not leak into the next test.
  act(() => notifications.clean());
  cleanup();
});

const layers = ok({
  layers: [
    { layer: 'user', path: '/home/u/.minimax-code/mcp.json', dialect: 'minimax', readOnly: null, expansion: 'none', hash: 'h1' },
    { layer: 'project', path: '/work/proj/.mcp.json', dialect: 'minimax', readOnly: 'minimax project files are read-only for the agent', expansion: 'entry', hash: 'h2' },
  ],
});
/** A file whose agent expands `${VAR}` everywhere, so the keychain's reference reaches the server. */
const expandingLayers = ok({ layers: [{ layer: 'user', path: '/home/u/.minimax-code/mcp.json', dialect: 'minimax', readOnly: null, expansion: 'entry', hash: 'h1' }] });
const secretRefusal = { ok: false, error: { code: 'refused', message: 'refusing to write a secret into the file (CFG-8)', data: { reason: 'inline_secret', findings: [{ pointer: '/mcpServers/gh/env/GITHUB_TOKEN', kind: 'env', hint: 'literal value, 20 characters', fix: 'use ${GITHUB_TOKEN}' }] } } };
const saved = ok({ path: '/home/u/.minimax-code/mcp.json', changed: true, created: false, hash: 'h3' });

/** The editor alone, on a new server (the servers view's "Add server" opens it: the Chinese test below goes that way). */
async function openEditor(answers: Record<string, unknown> = {}) {
  const m = await mountView('editor', { 'editor.layers': layers, 'editor.save': saved, ...answers });
  off = m.off;
  await screen.findByRole('option', { name: /user: \/home\/u/ });
  return m;
}

/** A stdio draft whose env holds a literal GitHub token. */
/** A draft with an inline token, pasted field by field (typing is the first test's subject; here it would re-render and validate the form forty times). */
async function draftWithToken(user: ReturnType<typeof userEvent.setup>) {
  const paste = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await paste('Name', 'gh');
  await paste('Command', 'npx');
  await user.click(screen.getByRole('button', { name: 'Add to Environment' }));
  await paste('Environment name 1', 'GITHUB_TOKEN');
  await paste('Environment value 1', 'ghp_abcdefghij123456');
}

describe('editor (UI-2)', () => {
  it('validates as you type with the dialect schema; the raw JSON tab edits the same draft', async () => {
    const m = await openEditor();
    const user = userEvent.setup();
    const save = () => screen.getByRole('button', { name: /^Save to / });
    expect(screen.getByRole('option', { name: /project: .*read only/ })).toBeDisabled();
    // Untouched: what to fill in, not a list of errors.
    expect(screen.getByTestId('validation')).toHaveTextContent('Give the server a name, then a command');
    expect(within(screen.getByTestId('validation')).queryByRole('listitem')).toBeNull();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), 'fs');
    expect(screen.getByTestId('validation')).toHaveTextContent('/command');
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Command'), 'npx');
    expect(screen.getByTestId('validation')).toHaveTextContent('Valid minimax entry.');
    await user.click(screen.getByRole('tab', { name: 'Raw JSON' }));
    const raw = screen.getByLabelText(/Entry as written/);
    expect(JSON.parse((raw as HTMLTextAreaElement).value)).toEqual({ command: 'npx' });
    await user.clear(raw);
    await user.type(raw, '{{"type":"http"}');
    expect(screen.getByTestId('validation')).toHaveTextContent('/url');
    await user.clear(raw);
    await user.type(raw, '{{"type":"http","url":"https://x.example/mcp"}');
    expect(screen.getByTestId('validation')).toHaveTextContent('Valid minimax entry.');
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByLabelText('URL')).toHaveValue('https://x.example/mcp');
    await user.click(save());
    expect(m.calls.find((c) => c.method === 'editor.save')?.input).toEqual({
      layer: 'user',
      name: 'fs',
      originalName: null,
      entry: { type: 'http', url: 'https://x.example/mcp' },
      baseHash: 'h1',
      overwrite: false,
    });
    expect(await screen.findByText('Saved to /home/u/.minimax-code/mcp.json.')).toBeInTheDocument();
  });

  it('an inline secret is refused; "Move to keychain" sends the value once and leaves a reference', async () => {
    let saves = 0;
    const m = await openEditor({
      'editor.layers': expandingLayers,
      'editor.save': () => (++saves === 1 ? secretRefusal : saved),
      'editor.storeSecret': ok({ variable: 'GITHUB_TOKEN', replacement: '${GITHUB_TOKEN}', backend: 'memory', keychain: { available: false, backend: 'memory', code: 'no-secret-service', detail: 'Cannot autolaunch D-Bus without X11 $DISPLAY', reason: null, fix: null } }),
    });
    const user = userEvent.setup();
    await draftWithToken(user);
    expect(screen.getByLabelText('Environment value 1')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: /^Save to / }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('/mcpServers/gh/env/GITHUB_TOKEN');
    await user.click(within(refusal).getByRole('button', { name: 'Move to keychain' }));
    expect(m.calls.find((c) => c.method === 'editor.storeSecret')?.input).toEqual({ name: 'gh', layer: 'user', entry: { command: 'npx' }, slot: { kind: 'env', key: 'GITHUB_TOKEN' }, secret: 'ghp_abcdefghij123456' });
    expect(screen.getByLabelText('Environment value 1')).toHaveValue('${GITHUB_TOKEN}');
    expect(screen.getByTestId('keychain-problem')).toHaveTextContent('no Secret Service is reachable over D-Bus (Cannot autolaunch D-Bus without X11 $DISPLAY) — run a Secret Service such as gnome-keyring');
    expect(screen.getByText(/kept in memory as \$\{GITHUB_TOKEN\}/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Save to / }));
    const second = m.calls.filter((c) => c.method === 'editor.save')[1]!.input as { entry: { env: Record<string, string> } };
    expect(second.entry.env).toEqual({ GITHUB_TOKEN: '${GITHUB_TOKEN}' });
  });

  it('where the agent sends ${VAR} as written (minimax user file), no keychain move is offered and the page says why', async () => {
    const m = await openEditor({ 'editor.save': secretRefusal });
    const user = userEvent.setup();
    await draftWithToken(user);
    expect(screen.getByRole('button', { name: 'Store in keychain' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /^Save to / }));
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).queryByRole('button', { name: 'Move to keychain' })).toBeNull();
    expect(refusal).toHaveTextContent(/minimax sends \$\{VARIABLE\} in this file as written/);
    expect(m.calls.some((c) => c.method === 'editor.storeSecret')).toBe(false);
  });

  it('validation messages follow the page language (zod in Chinese in the Chinese page)', async () => {
    const m = await mountApp({ 'editor.layers': layers, 'editor.save': saved }, { locale: 'zh' });
    off = m.off;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '添加服务器' }));
    expect(await screen.findByTestId('validation')).toHaveTextContent('先填写服务器名称');
    await user.type(screen.getByLabelText('名称'), 'fs');
    const validation = await screen.findByTestId('validation');
    expect(validation).toHaveTextContent('/command');
    expect(validation.textContent).toMatch(/[\u4e00-\u9fff]/);
    expect(validation).not.toHaveTextContent('Too small');
  });

  it('a conflict shows the diff; overwrite applies the edit onto the file on disk', async () => {
    const conflict = { ok: false, error: { code: 'conflict', message: 'changed on disk since it was read', data: { reason: 'conflict', conflict: { path: '/home/u/.minimax-code/mcp.json', base: '{}', theirs: '{\n  "a": 1\n}', ours: '{\n  "b": 2\n}' } } } };
    let n = 0;
    const m = await openEditor({ 'editor.save': () => (++n === 1 ? conflict : saved) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.type(screen.getByLabelText('Command'), 'npx');
    await user.click(screen.getByRole('button', { name: /^Save to / }));
    const diff = await screen.findByLabelText('Differences between the file on disk and your edit');
    expect(diff.querySelector('.diff-del')).toHaveTextContent('"a": 1');
    expect(diff.querySelector('.diff-add')).toHaveTextContent('"b": 2');
    await user.click(screen.getByRole('button', { name: 'Apply my edit to the file on disk' }));
    expect((m.calls.filter((c) => c.method === 'editor.save')[1]!.input as { overwrite: boolean }).overwrite).toBe(true);
  });

  it('after a conflict on a new server, reload re-reads the file and keeps the draft', async () => {
    const conflict = { ok: false, error: { code: 'conflict', message: 'changed on disk', data: { reason: 'conflict', conflict: { path: '/p', base: '{}', theirs: '{}', ours: '{}' } } } };
    const m = await openEditor({ 'editor.save': conflict });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.type(screen.getByLabelText('Command'), 'npx');
    await user.click(screen.getByRole('button', { name: /^Save to / }));
    const layersBefore = m.calls.filter((c) => c.method === 'editor.layers').length;
    await user.click(await screen.findByRole('button', { name: 'Reload from disk (drop my edit)' }));
    expect(m.calls.filter((c) => c.method === 'editor.layers').length).toBe(layersBefore + 1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Command')).toHaveValue('npx');
  });

  it('editing keeps masked secrets masked (the host restores them) and can remove', async () => {
    const row = serverRow({ name: 'gh', entry: { command: 'npx', env: { TOKEN: SECRET_MASK } } });
    const m = await mountView('editor', { 'servers.list': ok(serversView([row])), 'editor.layers': layers, 'editor.save': saved, 'editor.remove': saved });
    off = m.off;
    const user = userEvent.setup();
    // The servers view's row menu opens this; the editor is what is tested here.
    act(() => m.store.getState().openEditor({ mode: 'edit', id: row.id }));
    expect(await screen.findByRole('heading', { name: 'Edit gh' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Timeout (ms)'), '5000');
    await user.click(screen.getByRole('button', { name: /^Save to / }));
    expect(m.calls.find((c) => c.method === 'editor.save')?.input).toMatchObject({ name: 'gh', originalName: 'gh', entry: { command: 'npx', env: { TOKEN: SECRET_MASK }, timeout: 5000 } });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove gh from its file?' })).getByRole('button', { name: 'Remove' }));
    expect(m.calls).toContainEqual({ method: 'editor.remove', input: { layer: 'user', name: 'gh', baseHash: 'h1' } });
  });

  it('a saved entry the agent cannot use as written is offered the bridge (BRIDGE-4); a new draft is not', async () => {
    const row = serverRow({ name: 'gh', entry: { url: 'https://gh.example/mcp' } });
    const offer = ok({ server: 'gh', profile: 'minimax', layer: 'user', path: '/h/.minimax-code/mcp.json', advice: [{ code: 'no_oauth', params: { agent: 'MiniMax Code' }, fixes: [{ kind: 'bridge', params: {} }] }], installed: null, line: { command: 'mcp-panel', args: ['bridge', 'gh'] }, unavailable: null, sharedWith: [], machineSpecific: [] });
    const m = await mountView('editor', { 'servers.list': ok(serversView([row])), 'editor.layers': layers, 'bridges.advice': offer });
    off = m.off;
    const user = userEvent.setup();
    act(() => m.store.getState().openEditor({ mode: 'edit', id: row.id }));
    const region = await screen.findByRole('region', { name: 'Use through the bridge' });
    expect(region).toHaveTextContent('MiniMax Code cannot log in by OAuth');
    expect(m.calls).toContainEqual({ method: 'bridges.advice', input: { id: row.id } });
    await user.click(screen.getByRole('button', { name: 'New server' }));
    expect(screen.queryByRole('region', { name: 'Use through the bridge' })).toBeNull();
  });

  it('try without saving sends the draft to the session layer and says it joined the session', async () => {
    const m = await openEditor({ 'editor.trySession': ok({ id: 'session:minimax:t' }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 't');
    await user.type(screen.getByLabelText('Command'), 'node');
    await act(async () => user.click(screen.getByRole('button', { name: 'Try without saving' })));
    expect(m.calls).toContainEqual({ method: 'editor.trySession', input: { name: 't', entry: { command: 'node' } } });
    expect(await screen.findByText(/t joined this session: it connects now/)).toBeInTheDocument();
  });

  it('line diff marks removed and added lines', () => {
    expect(lineDiff('a\nb\nc', 'a\nc\nd')).toEqual([
      { op: 'same', text: 'a' },
      { op: 'del', text: 'b' },
      { op: 'same', text: 'c' },
      { op: 'add', text: 'd' },
    ]);
  });
});
