// bench:scale's baseline for names and collisions: the same tools named the bare way in a fresh
// node process. Each agent's name is its prefix + server + separator + tool (the raw tool name
// for an agent with neither), sanitised with one regular expression; a Map finds every name two tools want; the output is the collisions and
// the tools with a name other than the raw one, as JSON. No engine, no contract, no CLI: what
// naming 10,000 tools for every agent costs with nothing else around it.
// Usage: node bench/scale/bare-naming.mjs TOOLS.json '[["mcp__","__"], …]'
import { readFileSync } from 'node:fs';

const [file, schemes] = process.argv.slice(2);
const tools = JSON.parse(readFileSync(file, 'utf8'));
const agents = JSON.parse(schemes);
const out = { collisions: [], warned: new Map() };
for (const [agent, [prefix, sep]] of agents.entries()) {
  const holders = new Map();
  for (const t of tools) {
    const raw = prefix === '' && sep === '' ? t.tool : `${prefix}${t.server}${sep}${t.tool}`;
    const name = raw.replace(/[^A-Za-z0-9_-]/g, '_');
    const holder = holders.get(name);
    if (holder) out.collisions.push({ agent, name, winner: holder, loser: t });
    else holders.set(name, t);
    if (holder || name !== raw) {
      const key = `${t.server}\u0000${t.tool}`;
      const w = out.warned.get(key) ?? { server: t.server, tool: t.tool, agents: [] };
      w.agents.push(agent);
      out.warned.set(key, w);
    }
  }
}
process.stdout.write(JSON.stringify({ collisions: out.collisions, tools: [...out.warned.values()] }, null, 2));
