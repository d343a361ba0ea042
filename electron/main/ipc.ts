// SEC-1: one invoke channel for every contract method; sender checked, payload validated by
// the dispatcher (shared/rpc.ts), events pushed on one channel.
import { ipcMain, type BrowserWindow } from 'electron';
import { fail } from '../../shared/errors';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type Dispatch } from '../../shared/rpc';
import { isTrustedSender } from '../services/api/guards';

export function registerIpc(opts: {
  dispatch: Dispatch;
  events: { subscribe(listener: (event: string, payload: unknown) => void): () => void };
  window: () => BrowserWindow | null;
  allowed: { fileIndex: string; devOrigin?: string | null };
}): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, method: unknown, input: unknown) => {
    const win = opts.window();
    const frameUrl = event.senderFrame?.url;
    if (!win || event.sender !== win.webContents || event.senderFrame !== win.webContents.mainFrame || !isTrustedSender(frameUrl, opts.allowed)) {
      return fail('refused', 'IPC from an unexpected frame');
    }
    return opts.dispatch(method, input, { host: 'electron' });
  });
  const unsubscribe = opts.events.subscribe((event, payload) => {
    const win = opts.window();
    if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, event, payload);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  };
}
