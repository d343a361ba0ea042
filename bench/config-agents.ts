// Part of `npm run bench:config` (AGENT-1/2): every agent's file layers (user, project, Claude
// Code's local scope) with 500 servers each, written in that agent's own format and spelling
// (JSON, VS Code's JSONC, Codex's TOML), loaded and merged by ConfigService for every agent in
// turn. Baselines in the same run: JSON.parse of the JSON files alone, and the bare parse of
// every file (JSON.parse, toml-eslint-parser).
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseTOML } from 'toml-eslint-parser';
import type { CanonicalEntry } from '../shared/install/canonical';
import { PROFILES } from '../shared/schemas/server';
import { ConfigService } from '../electron/services/config/config-service';
import { tomlKey } from '../electron/services/config/writer/toml-edit';
import { writeAgentFiles } from '../test/helpers/agent-files';

const SERVERS = 500;

function canonical(i: number, tag: string): CanonicalEntry {
  return i % 2 === 0 || tag === 'never'
    ? { transport: 'stdio', command: 'npx', args: ['-y', `@example/mcp-${i}`], env: { LEVEL: String(i) }, enabled: i % 7 !== 0 }
    : { transport: 'http', url: `https://mcp-${i}.example.com/mcp`, headers: { 'X-Tenant': tag }, enabled: true };
}

/** 500 entries for a layer (writeAgentFiles spells them as the agent does and leaves out what it cannot take). */
function entries(tag: string): Record<string, CanonicalEntry> {
  const out: Record<string, CanonicalEntry> = {};
  for (let i = 0; i < SERVERS; i++) out[i % 3 === 0 ? `${tag}-server-${i}` : `server-${i}`] = canonical(i, tag);
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export async function benchAgents(root: string, runs: number, warmup: number): Promise<void> {
  const home = join(root, 'agents-home');
  const ws = join(root, 'agents-ws');
  await mkdir(join(ws, '.git'), { recursive: true });
  const env = { HOME: home, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
  // Every layer that is a file, in its agent's format and spelling; YAML and JSONC as plain JSON
  // (valid in both) so the JSON.parse baseline reads every non-TOML file.
  let layerCount = 0;
  const files = await writeAgentFiles({ env, home, workspace: ws }, PROFILES, (p, layer) => {
    layerCount++;
    return entries(`${p}-${layer}`);
  }, { jsonOnly: true });
  // Codex trusts the project through its user file (docs/config.md `[projects."<path>"]`).
  const codexUser = files.find((f) => f.format === 'toml' && f.path.startsWith(home));
  if (codexUser) await appendFile(codexUser.path, `\n[projects.${tomlKey(ws)}]\ntrust_level = "trusted"\n`);
  const claude = JSON.parse(await readFile(join(home, '.claude.json'), 'utf8')) as { projects: Record<string, Record<string, unknown>> };
  claude.projects[ws]!.enableAllProjectMcpServers = true;
  await writeFile(join(home, '.claude.json'), JSON.stringify(claude, null, 2));
  const svc = new ConfigService({ env, cwd: ws });
  await svc.trust.trust(ws);

  const load: number[] = [];
  const jsonOnly: number[] = [];
  const parseAll: number[] = [];
  let effective = 0;
  for (let r = 0; r < warmup + runs; r++) {
    let t = performance.now();
    let n = 0;
    const per: string[] = [];
    for (const p of PROFILES) {
      const view = await svc.load(p, ws);
      n += view.servers.length;
      per.push(`${p} ${view.servers.filter((s) => s.trusted && !s.error).length}`);
    }
    const loadMs = performance.now() - t;
    if (r === 0) console.log(`  usable servers per agent: ${per.join(', ')}`);
    effective = n;
    t = performance.now();
    for (const f of files) if (f.format !== 'toml') JSON.parse(await readFile(f.path, 'utf8'));
    const jsonMs = performance.now() - t;
    t = performance.now();
    for (const f of files) {
      const text = await readFile(f.path, 'utf8');
      if (f.format === 'toml') parseTOML(text);
      else JSON.parse(text);
    }
    const allMs = performance.now() - t;
    if (r >= warmup) {
      load.push(loadMs);
      jsonOnly.push(jsonMs);
      parseAll.push(allMs);
    }
  }
  const [mLoad, mJson, mAll] = [median(load), median(jsonOnly), median(parseAll)];
  console.log(`every agent: ${PROFILES.length} agents, ${layerCount} file layers × ≤ ${SERVERS} servers in ${files.length} files → ${effective} effective, ${runs} runs`);
  console.log(`  ConfigService.load × ${PROFILES.length}  median ${mLoad.toFixed(2)} ms  (${(mLoad / PROFILES.length).toFixed(2)} ms per agent)`);
  console.log(`  baseline JSON.parse (JSON files)  median ${mJson.toFixed(2)} ms`);
  console.log(`  baseline parse of every file (JSON.parse + TOML)  median ${mAll.toFixed(2)} ms`);
  console.log(`  ratio to the parse of every file  ${(mLoad / mAll).toFixed(1)}×`);
}
