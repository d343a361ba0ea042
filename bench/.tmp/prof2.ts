import { performance } from 'node:perf_hooks';
import { assignNames } from '../../shared/naming/assign';
import { allocateMinimaxNames, emptyRegistry } from '../../shared/naming/minimax-registry';
const servers = Array.from({length: 100}, (_, s) => ({ serverId: `id-${s}`, serverName: `srv-${s}`, source: 'configured' as const, tools: Array.from({length: 100}, (_, t) => ({ name: `get_issue_${t}` })) }));
for (let k = 0; k < 5; k++) {
  let t0 = performance.now();
  assignNames('minimax', servers);
  const a = performance.now() - t0;
  t0 = performance.now();
  allocateMinimaxNames(emptyRegistry(), servers.flatMap(s => s.tools.map(t => ({ serverId: s.serverId, serverName: s.serverName, source: s.source, tool: t.name }))));
  const b = performance.now() - t0;
  t0 = performance.now();
  assignNames('kimi', servers);
  console.log('assign', a.toFixed(1), 'alloc', b.toFixed(1), 'kimi', (performance.now() - t0).toFixed(1));
}
