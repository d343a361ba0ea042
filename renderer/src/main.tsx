import { createRoot } from 'react-dom/client';
import { pickLocale } from '../../shared/i18n';
import { App } from './App';
import { createBridge } from './bridge';
import { connectStore, createAppStore } from './stores/app-store';
import { BridgeContext, StoreContext } from './store-context';
import { followHash } from './route';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';

// UI-9: how long the first paint waits for the saved theme and language. Long enough for the
// host to answer (IPC or 127.0.0.1), short enough that a stuck host still shows a page.
const SETTINGS_WAIT_MS = 1500;

const bridge = createBridge();
const system = pickLocale([...navigator.languages, navigator.language]);
const store = createAppStore(bridge, system);
connectStore(store, bridge);
// After createBridge, which takes the session key's fragment: what is left may be a deep link.
followHash(store, window);
void store.getState().loadProfiles();
void store.getState().loadServers();
void store.getState().loadAppInfo();
void store.getState().loadInputs();

// Paint once, in the saved theme and language, rather than flash the defaults first.
void Promise.race([store.getState().loadSettings(system), new Promise((r) => setTimeout(r, SETTINGS_WAIT_MS))]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StoreContext.Provider value={store}>
      <BridgeContext.Provider value={bridge}>
        <App />
      </BridgeContext.Provider>
    </StoreContext.Provider>,
  );
});
