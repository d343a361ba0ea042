// The whole preload (SEC-1): a generic invoke/subscribe pair over the two contract channels.
// No method names here: the renderer's client (shared/rpc.ts) is derived from the contract.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/channels';

type Listener = (event: string, payload: unknown) => void;

const listeners = new Set<Listener>();
ipcRenderer.on(IPC_EVENT_CHANNEL, (_e: IpcRendererEvent, event: unknown, payload: unknown) => {
  if (typeof event !== 'string') return;
  for (const l of listeners) l(event, payload);
});

contextBridge.exposeInMainWorld('mcpPanel', {
  invoke(method: string, input: unknown): Promise<unknown> {
    if (typeof method !== 'string') return Promise.reject(new TypeError('method must be a string'));
    return ipcRenderer.invoke(IPC_INVOKE_CHANNEL, method, input);
  },
  subscribe(listener: Listener): () => void {
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
});
