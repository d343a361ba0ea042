import { performance } from 'node:perf_hooks';
import { simulate } from '../../shared/permissions/simulate';
const verbs = ['get','list','create','update'];
const names = Array.from({length: 10000}, (_, i) => `mcp__srv-${i%100}__${verbs[i%4]}_issue_${i}`);
const rules = { allow: [] as string[], ask: [] as string[], deny: [] as string[] };
for (let i = 0; i < 500; i++) {
  const k = i % 4;
  rules.allow.push(k === 0 ? `mcp__srv-${i%100}` : k === 1 ? names[i*7]! : k === 2 ? `mcp__srv-${i%100}__get_*` : `mcp__*__${verbs[i%4]}_issue_${i}*`);
}
for (let j = 0; j < 3; j++) {
  const t0 = performance.now();
  simulate({ profile: 'kimi', rules, tools: names });
  console.log(performance.now() - t0);
}
