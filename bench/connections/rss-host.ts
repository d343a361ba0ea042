// RSS probe for bench/connections.ts: a bare host with one pool of N idle connected stdio
// servers. Prints `RSS <MB> BASE <MB> CONNECTED <n>`; the children's memory is not counted.
import { ConnectionPool } from '../../electron/services/connections';
import { stdioSpec } from '../../test/integration/connections/helpers';

const n = Number(process.argv[2] ?? 50);
const dataDir = process.argv[3] ?? '/tmp';
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = () => (process.memoryUsage().rss / (1024 * 1024)).toFixed(1);

gc();
const base = mb();
const pool = new ConnectionPool({ dataDir, env: process.env });
pool.setServers(Array.from({ length: n }, (_, i) => stdioSpec(`r${i}`, 'echo')));
const round = await pool.discover();
const connected = round.servers.filter((s) => s.state.kind === 'connected').length;
await new Promise((r) => setTimeout(r, 1000));
gc();
await new Promise((r) => setTimeout(r, 200));
console.log(`RSS ${mb()} BASE ${base} CONNECTED ${connected}`);
await pool.dispose();
process.exit(0);
