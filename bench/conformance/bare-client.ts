// The baseline of the conformance client's start (scripts/conformance/run-suite.ts): a bare SDK
// v2 client that connects to the URL it is given and lists tools, bundled the same way.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const client = new Client({ name: 'bare', version: '1' }, { versionNegotiation: { mode: 'auto' } });
await client.connect(new StreamableHTTPClientTransport(new URL(process.argv.at(-1)!))).catch(() => process.exit(1));
process.exit(0);
