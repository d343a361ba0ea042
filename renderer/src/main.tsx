// First: its chunk is evaluated before the others, so the first calls leave at once (bridge/early.ts).
import { earlyTransport } from './bridge/early';
import { createRoot } from 'react-dom/client';
import { formatDateTime, pickLocale, plural } from '../../shared/i18n';
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

const bridge = createBridge(window, earlyTransport);
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
const settled = Promise.race([store.getState().loadSettings(system), new Promise((r) => setTimeout(r, SETTINGS_WAIT_MS))]);
// Building the locale's first date and plural formats costs ~20 ms (ICU data): done here, while
// the first answers are on their way, not inside the servers table's first render (each row
// says since when it is in its state, and how many tools it has; issue 40).
formatDateTime(system, Date.now());
plural(system, 'servers.tools', 2);
void settled.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StoreContext.Provider value={store}>
      <BridgeContext.Provider value={bridge}>
        <App />
      </BridgeContext.Provider>
    </StoreContext.Provider>,
  );
});
