// "Other folder…" without window.prompt (Electron has none): an in-page <dialog> that opens
// with the focus in its path field, cancels on Escape, refuses a relative path and says why,
// and selects the workspace through the bridge on OK. Browse… shows only where the host has a
// native chooser (app.info), and fills the field from workspace.pickFolder.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../renderer/src/App';
import { ConfirmButton } from '../../../renderer/src/components/ConfirmButton';
import { isAbsolutePath } from '../../../renderer/src/components/WorkspaceDialog';
import { connectStore, createAppStore } from '../../../renderer/src/stores/app-store';
import { StoreContext } from '../../../renderer/src/store-context';
import { PanelThemeProvider } from '../../../renderer/src/theme';
import { chooseOption, fakeBridge, serversView } from '../fake-bridge';

const profiles = {
  ok: true,
  value: {
    profiles: [{ profile: 'kimi', detected: true, evidence: [] }],
    recentWorkspaces: ['/work/proj'],
    selection: { profile: 'kimi', workspace: '/work/proj' },
  },
};
const info = (nativeFolderPicker: boolean) => ({ ok: true, value: { name: 'MCP Panel', version: '1', host: nativeFolderPicker ? 'electron' : 'web', platform: 'linux', nativeFolderPicker } });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  cleanup();
});

async function mount(answers: Record<string, unknown> = {}) {
  const fake = fakeBridge({ 'profiles.detect': profiles, 'servers.list': { ok: true, value: serversView([]) }, 'app.info': info(false), 'profiles.select': (input: unknown) => ({ ok: true, value: input }), ...answers });
  const store = createAppStore(fake.bridge, 'en');
  dispose = connectStore(store, fake.bridge);
  render(
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>,
  );
  await act(async () => {
    await Promise.all([store.getState().loadProfiles(), store.getState().loadServers(), store.getState().loadAppInfo()]);
  });
  const user = userEvent.setup();
  const openDialog = async () => {
    await chooseOption(user, screen.getByRole('combobox', { name: /Workspace/ }), 'Other folder…');
    return screen.getByRole('dialog', { name: 'Open another workspace' });
  };
  const selects = () => fake.calls.filter((c) => c.method === 'profiles.select').map((c) => c.input);
  return { ...fake, store, user, openDialog, selects };
}

describe('workspace dialog (replaces window.prompt)', () => {
  it('opens labelled, with the focus in the path field holding the current workspace', async () => {
    const { openDialog } = await mount();
    const dialog = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Absolute path of the workspace folder' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('/work/proj');
  });

  it('Escape cancels: the dialog goes, nothing is selected, the focus goes back', async () => {
    const { openDialog, user, selects } = await mount();
    await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selects()).toEqual([]);
    const picker = screen.getByRole('combobox', { name: /Workspace/ });
    expect(picker).toHaveValue('/work/proj');
    expect(picker).toHaveFocus();
  });

  it('refuses a relative path, says why, and selects nothing', async () => {
    const { openDialog, user, selects } = await mount();
    const dialog = await openDialog();
    const field = within(dialog).getByRole('textbox');
    await user.clear(field);
    await user.type(field, 'projects/mine');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('“projects/mine” is not an absolute path');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(selects()).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('OK (or Enter) with an absolute path selects the workspace through the bridge and closes', async () => {
    const { openDialog, user, selects } = await mount();
    const field = within(await openDialog()).getByRole('textbox');
    await user.clear(field);
    await user.type(field, '  /home/u/other  {Enter}');
    expect(selects()).toEqual([{ profile: 'kimi', workspace: '/home/u/other' }]);
    // Closed once the host accepted the folder.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a folder the host does not find is refused in the dialog, which stays open and says why', async () => {
    const refusal = { ok: false, error: { code: 'not-found', message: 'no folder', data: { text: { key: 'host.workspace_missing', params: { folder: '/home/u/gone' } } } } };
    const { openDialog, user, selects } = await mount({ 'profiles.select': refusal });
    const dialog = await openDialog();
    const field = within(dialog).getByRole('textbox');
    await user.clear(field);
    await user.type(field, '/home/u/gone{Enter}');
    expect(selects()).toEqual([{ profile: 'kimi', workspace: '/home/u/gone' }]);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('there is no folder /home/u/gone: check the path');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no Browse… where the host has no native chooser (the browser)', async () => {
    const { openDialog } = await mount();
    expect(within(await openDialog()).queryByRole('button', { name: 'Browse…' })).toBeNull();
  });

  it('Browse… asks the host (workspace.pickFolder) and fills the field; a cancel keeps what was typed', async () => {
    const picked: unknown[] = [{ ok: true, value: { path: '/picked/folder' } }, { ok: true, value: { path: null } }];
    const { openDialog, user, calls, selects } = await mount({ 'app.info': info(true), 'workspace.pickFolder': () => picked.shift() });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Browse…' }));
    expect(calls.filter((c) => c.method === 'workspace.pickFolder')).toHaveLength(1);
    const field = within(dialog).getByRole('textbox');
    expect(field).toHaveValue('/picked/folder');
    await user.click(within(dialog).getByRole('button', { name: 'Browse…' }));
    expect(field).toHaveValue('/picked/folder');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(selects()).toEqual([{ profile: 'kimi', workspace: '/picked/folder' }]);
  });

  it('a chooser that fails says so in the dialog and leaves the field to type in', async () => {
    const { openDialog, user } = await mount({ 'app.info': info(true), 'workspace.pickFolder': { ok: false, error: { code: 'unsupported', message: 'no chooser here' } } });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Browse…' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The folder chooser did not open (no chooser here); type the path instead.');
  });

  it('knows the absolute forms of both systems', () => {
    for (const p of ['/x', 'C:\\Users\\u', 'd:/work', '\\\\server\\share\\x']) expect(isAbsolutePath(p)).toBe(true);
    for (const p of ['x', './x', '~/x', 'C:x', '\\x']) expect(isAbsolutePath(p)).toBe(false);
  });
});

describe('confirm dialog (replaces window.confirm)', () => {
  async function mountButton() {
    const confirmed: number[] = [];
    const fake = fakeBridge({});
    const store = createAppStore(fake.bridge, 'en');
    render(
      <StoreContext.Provider value={store}>
        <PanelThemeProvider theme="light">
          <ConfirmButton className="danger" question="Remove alpha from its file?" confirmLabel="Remove" onConfirm={() => confirmed.push(1)}>
            Remove
          </ConfirmButton>
        </PanelThemeProvider>
      </StoreContext.Provider>,
    );
    return { confirmed, user: userEvent.setup() };
  }

  it('asks first with the focus on Cancel; Cancel and Escape do nothing, Remove confirms once', async () => {
    const { confirmed, user } = await mountButton();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove alpha from its file?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(confirmed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(confirmed).toEqual([1]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
