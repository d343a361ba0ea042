// bench:bridge's start-up baseline: the least a stdio → streamable HTTP proxy built on the MCP
// SDK can be — its two transports wired back to back, no config, keychain or OAuth. Bundled
// by esbuild like the CLI, so the two starts compare the same kind of file.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const local = new StdioServerTransport();
const remote = new StreamableHTTPClientTransport(new URL(process.argv[2]!));
local.onmessage = (m) => void remote.send(m);
remote.onmessage = (m) => void local.send(m);
local.onclose = () => void remote.close();
await remote.start();
await local.start();
