// Mounts one view (not the whole App) on the fake bridge, inside the panel's theme, so a test
// renders only what it is about.
import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { connectStore, createAppStore } from '../../renderer/src/stores/app-store';
import { StoreContext } from '../../renderer/src/store-context';
import { PanelThemeProvider } from '../../renderer/src/theme';
import { fakeBridge } from './fake-bridge';

export const ok = (value: unknown) => ({ ok: true, value });

export async function mountView(view: ReactNode, answers: Record<string, unknown>, opts: { locale?: 'en' | 'zh'; servers?: boolean } = {}) {
  const fake = fakeBridge(answers);
  const store = createAppStore(fake.bridge, opts.locale ?? 'en');
  const off = connectStore(store, fake.bridge);
  const r = render(
    <StoreContext.Provider value={store}>
      <PanelThemeProvider theme="light">{view}</PanelThemeProvider>
    </StoreContext.Provider>,
  );
  if (opts.servers !== false && answers['servers.list']) await act(() => store.getState().loadServers());
  return { ...fake, store, off, unmount: r.unmount };
}
