// bench:bridge's baseline: the least a stdio → streamable HTTP proxy built on the MCP SDK can
// be — its two transports wired back to back, no config, keychain or OAuth. It does what the
// protocol asks of any proxy: after `initialize` it sends the negotiated MCP-Protocol-Version
// on every request (servers may do more work for it: server-everything does, ~1 ms a call).
// Bundled by esbuild like the CLI, so the two starts compare the same kind of file.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const local = new StdioServerTransport();
const remote = new StreamableHTTPClientTransport(new URL(process.argv[2]!));
let initId: string | number | undefined;
local.onmessage = (m) => {
  if ('method' in m && m.method === 'initialize' && 'id' in m) initId = m.id;
  void remote.send(m);
};
remote.onmessage = (m) => {
  if ('result' in m && m.id === initId) {
    const v = (m.result as { protocolVersion?: unknown }).protocolVersion;
    if (typeof v === 'string') remote.setProtocolVersion(v);
  }
  void local.send(m);
};
local.onclose = () => void remote.close();
await remote.start();
await local.start();
