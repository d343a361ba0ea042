// Composition root of the desktop app (filled in by the desktop shell work).
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';

app.whenReady().then(() => {
  const win = new BrowserWindow({
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, preload: join(__dirname, '../preload/index.js') },
  });
  void win.loadFile(join(__dirname, '../renderer/index.html'));
});
