// bench:scale's baseline for discovery: a fresh node process with the bare SDK v2 client that
// connects every distinct server at once, lists its tools and closes. What starting and asking
// those servers costs with nothing else around it.
// Usage: node bench/scale/bare-discovery.mjs SERVERS.json   ([{command, args, env, cwd?}], one per distinct server)
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const servers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const counts = await Promise.all(
  servers.map(async (s) => {
    const client = new Client({ name: 'bench-bare', version: '1' });
    await client.connect(new StdioClientTransport({ command: s.command, args: s.args, env: { ...process.env, ...s.env }, ...(s.cwd ? { cwd: s.cwd } : {}), stderr: 'ignore' }));
    const { tools } = await client.listTools();
    await client.close();
    return tools.length;
  }),
);
process.stdout.write(`${JSON.stringify({ servers: counts.length, tools: counts.reduce((a, b) => a + b, 0) })}\n`);
