// Per-call cost probe for `bench/connections.ts --only instructions`: one host process making N
// sequential echo calls over stdio, through the pool or a bare SDK v2 client (the same fixture
// child). Run (bundled, built-pool.ts) under `valgrind --tool=callgrind` twice with different N:
// the difference of the host's instruction counts over the difference of N is the host's work
// per call, the same on a busy machine as on an idle one (the server child is not counted).
//   node <bundle> pool|bare legacy|modern N DATADIR FIXTURE
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ConnectionPool } from '../../electron/services/connections';
import { spec } from '../../test/integration/connections/helpers';

const [side, era, count, dataDir, script] = process.argv.slice(2) as ['pool' | 'bare', 'legacy' | 'modern', string, string, string];
const n = Number(count);
const WARM = 100;

async function main(): Promise<void> {
  let call: (i: number) => Promise<unknown>;
  let close: () => Promise<void>;
  if (side === 'pool') {
    // Under valgrind everything is ~50× slower: no budget may run out, and the era is given
    // (the auto probe would start the server twice); the calls themselves are the pool's.
    const pool = new ConnectionPool({ dataDir, env: process.env, stdioBudgetMs: 600_000, startupTimeoutMs: 600_000, eraMode: () => era });
    pool.setServers([spec({ id: 'echo', transport: 'stdio', command: process.execPath, args: [script, 'stdio'] })]);
    const got = (await pool.discover()).servers[0]!.state;
    if (got.kind !== 'connected' || got.era !== era) throw new Error(`pool connected ${JSON.stringify(got)}`);
    call = (i) => pool.callTool('echo', 'echo', { text: `m${i}` });
    close = () => pool.dispose();
  } else {
    const client = new Client(
      { name: 'bench-bare', version: '1' },
      { capabilities: { roots: { listChanged: false } }, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) },
    );
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [script, 'stdio'], stderr: 'pipe' }));
    await client.listTools();
    call = (i) => client.callTool({ name: 'echo', arguments: { text: `m${i}` } });
    close = () => client.close();
  }
  for (let i = 0; i < WARM; i++) await call(i);
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < n; i++) await call(i);
  const used = process.cpuUsage(cpu);
  process.stdout.write(`CALLS ${n} WALL_MS ${(performance.now() - t).toFixed(1)} CPU_US ${used.user + used.system}\n`);
  await close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
