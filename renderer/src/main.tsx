import { createRoot } from 'react-dom/client';
import { pickLocale } from '../../shared/i18n';
import { App } from './App';
import { createBridge } from './bridge';
import { connectStore, createAppStore } from './stores/app-store';
import { StoreContext } from './store-context';
import './styles.css';

const bridge = createBridge();
const store = createAppStore(bridge, pickLocale([...navigator.languages, navigator.language]));
connectStore(store, bridge);
void store.getState().loadProfiles();
void store.getState().loadServers();

createRoot(document.getElementById('root')!).render(
  <StoreContext.Provider value={store}>
    <App />
  </StoreContext.Provider>,
);
