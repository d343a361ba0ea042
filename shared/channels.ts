// The only channel names of the app (no zod here: the sandboxed preload imports this file
// and may load nothing but electron). IPC: one invoke channel and one event channel carry
// every contract method and event by name. Web host: `POST /api/<method>` and one socket.
export const IPC_INVOKE_CHANNEL = 'mcp-panel:invoke';
export const IPC_EVENT_CHANNEL = 'mcp-panel:event';
export const HTTP_RPC_PREFIX = '/api/';
export const WS_EVENTS_PATH = '/events';
/** SEC-2 (issue 21 F1): the page's session key, on every call… */
export const SESSION_KEY_HEADER = 'X-MCP-Panel-Key';
/** …and on the event socket, as the second subprotocol (`mcp-panel-key.<key>`): a page cannot set its headers. */
export const WS_PROTOCOL = 'mcp-panel';
export const WS_KEY_PROTOCOL_PREFIX = 'mcp-panel-key.';
/** Where the page receives its key: the URL fragment of the first page (never sent to any server). */
export const SESSION_KEY_FRAGMENT = 'k';
/** Where the tab keeps its key (sessionStorage: per tab, per port), read by the page and by the web host's resume script. */
export const SESSION_KEY_ITEM = 'mcp-panel-session-key';
/** Issue 35: `POST` here with the key puts the session's cookie back (one another loopback port replaced). */
export const SESSION_RESUME_PATH = '/session/resume';
