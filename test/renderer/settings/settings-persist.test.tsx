// UI-9: theme and language come from the host at start (app.settings) and go back to it on
// every change (app.setSettings), so a reload keeps them. The page applies a choice at once
// even when the save fails, and says that it was not saved.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../renderer/src/App';
import { connectStore, createAppStore } from '../../../renderer/src/stores/app-store';
import { StoreContext } from '../../../renderer/src/store-context';
import { chooseOption, fakeBridge, serversView } from '../fake-bridge';

const profiles = {
  ok: true,
  value: { profiles: [{ profile: 'minimax', detected: true, evidence: [] }], recentWorkspaces: [], selection: { profile: 'minimax', workspace: null } },
};

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  cleanup();
  delete document.documentElement.dataset.theme;
});

async function start(answers: Record<string, unknown>, system: 'en' | 'zh' = 'en') {
  const fake = fakeBridge({ 'profiles.detect': profiles, 'servers.list': { ok: true, value: serversView([]) }, ...answers });
  const store = createAppStore(fake.bridge, system);
  dispose = connectStore(store, fake.bridge);
  // As main.tsx does: the saved settings first, then the first paint.
  await store.getState().loadSettings(system);
  render(
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>,
  );
  await act(async () => {
    await store.getState().loadProfiles();
  });
  const saves = () => fake.calls.filter((c) => c.method === 'app.setSettings').map((c) => c.input);
  return { ...fake, store, saves, user: userEvent.setup() };
}

const settled = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe('settings kept by the host (UI-9)', () => {
  it('paints first in the saved theme and language, and does not write them back', async () => {
    const { saves } = await start({ 'app.settings': { ok: true, value: { theme: 'dark', language: 'zh' } } });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('MCP 面板');
    expect(saves()).toEqual([]);
  });

  it('"system" language follows the system locale', async () => {
    const { store } = await start({ 'app.settings': { ok: true, value: { theme: 'system', language: 'system' } } }, 'zh');
    expect(store.getState().locale).toBe('zh');
    expect(store.getState().localeChoice).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('saves each change in the Settings view, in order', async () => {
    const { store, user, saves } = await start({ 'app.settings': { ok: true, value: { theme: 'dark', language: 'zh' } } });
    act(() => store.getState().setSection('settings'));
    await user.selectOptions(screen.getByRole('combobox', { name: '主题' }), 'light');
    expect(document.documentElement.dataset.theme).toBe('light');
    // The header has a language picker too: this is the Settings view's (the one with "system").
    await user.selectOptions(document.getElementById('set-lang')!, 'system');
    await settled();
    expect(saves()).toEqual([{ theme: 'light' }, { language: 'system' }]);
    expect(store.getState().locale).toBe('en');
  });

  it('saves the language chosen in the header picker too', async () => {
    const { user, saves } = await start({ 'app.settings': { ok: true, value: { theme: 'system', language: 'system' } } });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Language' }), '中文'); // the header's
    await settled();
    expect(saves()).toEqual([{ language: 'zh' }]);
  });

  it('a choice made before the host answered wins over the saved one', async () => {
    let answer: (v: unknown) => void = () => {};
    const fake = fakeBridge({ 'app.settings': () => new Promise((r) => (answer = r)) });
    const store = createAppStore(fake.bridge, 'en');
    const loading = store.getState().loadSettings('en');
    store.getState().setTheme('light');
    answer({ ok: true, value: { theme: 'dark', language: 'zh' } });
    await loading;
    expect(store.getState().theme).toBe('light');
    expect(store.getState().locale).toBe('en');
  });

  it('a failed save still applies the choice and says it was not saved', async () => {
    const { store, user } = await start({
      'app.settings': { ok: true, value: { theme: 'system', language: 'en' } },
      'app.setSettings': { ok: false, error: { code: 'internal', message: 'EACCES: permission denied' } },
    });
    act(() => store.getState().setSection('settings'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'dark');
    await settled();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('alert')).toHaveTextContent(/not saved \(EACCES: permission denied\)\. Check that the panel’s data folder is writable/);
  });
});
