import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('mcpPanel', {});
