// The only channel names of the app (no zod here: the sandboxed preload imports this file
// and may load nothing but electron). IPC: one invoke channel and one event channel carry
// every contract method and event by name. Web host: `POST /api/<method>` and one socket.
export const IPC_INVOKE_CHANNEL = 'mcp-panel:invoke';
export const IPC_EVENT_CHANNEL = 'mcp-panel:event';
export const HTTP_RPC_PREFIX = '/api/';
export const WS_EVENTS_PATH = '/events';
