// The renderer's only door to the host: a client derived from the contract over either the
// Electron preload (window.mcpPanel) or HTTP + WebSocket (web host). Outputs and events are
// validated here (shared/rpc.ts createClient).
import { contract, type AppContract } from '../../../shared/contract';
import { createClient, type Bridge, type RpcTransport } from '../../../shared/rpc';
import { httpTransport } from './web-transport';

export type PanelBridge = Bridge<AppContract>;

declare global {
  interface Window {
    /** Set by electron/preload: the generic invoke/subscribe pair. */
    mcpPanel?: RpcTransport;
  }
}

export function createBridge(win: Window = window, transport: RpcTransport = win.mcpPanel ?? httpTransport(win)): PanelBridge {
  return createClient(contract, transport, (what, detail) => console.warn(`mcp-panel: dropped ${what}: ${detail}`));
}
