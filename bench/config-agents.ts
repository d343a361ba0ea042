// Part of `npm run bench:config` (AGENT-1/2): every agent's file layers (user, project, Claude
// Code's local scope) with 500 servers each, written in that agent's own format and spelling
// (JSON, VS Code's JSONC, Codex's TOML), loaded and merged by ConfigService for every agent in
// turn. Baselines in the same run: JSON.parse of the JSON files alone, and the bare parse of
// every file (JSON.parse, toml-eslint-parser).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseTOML } from 'toml-eslint-parser';
import { spellAs, type CanonicalEntry } from '../shared/install/canonical';
import { profileFacts } from '../shared/profiles';
import { PROFILES, type Profile } from '../shared/schemas/server';
import { ConfigService } from '../electron/services/config/config-service';
import { resolveLayerPaths } from '../electron/services/config/profiles';
import { tomlKey, tomlValue } from '../electron/services/config/writer/toml-edit';

const SERVERS = 500;

function canonical(i: number, tag: string): CanonicalEntry {
  return i % 2 === 0 || tag === 'never'
    ? { transport: 'stdio', command: 'npx', args: ['-y', `@example/mcp-${i}`], env: { LEVEL: String(i) }, enabled: i % 7 !== 0 }
    : { transport: 'http', url: `https://mcp-${i}.example.com/mcp`, headers: { 'X-Tenant': tag }, enabled: true };
}

/** 500 entries as this agent spells them (entries it cannot take are left out, as install would). */
function entries(profile: Profile, layer: 'user' | 'project' | 'project-local', tag: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < SERVERS; i++) {
    const s = spellAs(profile, layer, canonical(i, tag));
    if (s.losses.some((l) => l.blocking)) continue;
    out[i % 3 === 0 ? `${tag}-server-${i}` : `server-${i}`] = s.entry;
  }
  return out;
}

function tomlText(key: string, servers: Record<string, Record<string, unknown>>): string {
  const lines = ['# generated for bench:config', 'model = "gpt-5"', ''];
  for (const [name, e] of Object.entries(servers)) {
    lines.push(`[${key}.${tomlKey(name)}]`);
    for (const [k, v] of Object.entries(e)) if (typeof v !== 'object' || Array.isArray(v)) lines.push(`${tomlKey(k)} = ${tomlValue(v)}`);
    for (const [k, v] of Object.entries(e)) if (typeof v === 'object' && v !== null && !Array.isArray(v)) lines.push(`${tomlKey(k)} = ${tomlValue(v)}`);
    lines.push('');
  }
  return lines.join('\n');
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
  // Files shared by two layers (~/.claude.json: user and local scope) get both containers.
  const texts = new Map<string, { format: string; value: Record<string, unknown> }>();
  let layerCount = 0;
  for (const p of PROFILES) {
    const facts = profileFacts(p);
    for (const loc of await resolveLayerPaths(p, { env, home, workspace: ws })) {
      if (loc.layer !== 'user' && loc.layer !== 'project' && loc.layer !== 'project-local') continue;
      const servers = entries(p, loc.layer, `${p}-${loc.layer}`);
      const doc = texts.get(loc.path) ?? { format: facts.format, value: {} };
      let at: Record<string, unknown> = doc.value;
      const container = loc.container ?? [facts.serversKey];
      for (const k of container.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
      at[container[container.length - 1]!] = { ...((at[container[container.length - 1]!] as object | undefined) ?? {}), ...servers };
      texts.set(loc.path, doc);
      layerCount++;
    }
  }
  // Codex trusts the project through its user file (docs/config.md `[projects."<path>"]`).
  const codexUser = [...texts.entries()].find(([path, d]) => d.format === 'toml' && path.startsWith(home));
  for (const [path, doc] of texts) {
    await mkdir(dirname(path), { recursive: true });
    const text = doc.format === 'toml' ? tomlText('mcp_servers', doc.value.mcp_servers as Record<string, Record<string, unknown>>) + (codexUser?.[0] === path ? `\n[projects.${tomlKey(ws)}]\ntrust_level = "trusted"\n` : '') : JSON.stringify(doc.value, null, 2);
    await writeFile(path, text);
  }
  const claude = JSON.parse(await readFile(join(home, '.claude.json'), 'utf8')) as { projects: Record<string, Record<string, unknown>> };
  claude.projects[ws]!.enableAllProjectMcpServers = true;
  await writeFile(join(home, '.claude.json'), JSON.stringify(claude, null, 2));
  const svc = new ConfigService({ env, cwd: ws });
  await svc.trust.trust(ws);

  const load: number[] = [];
  const jsonOnly: number[] = [];
  const parseAll: number[] = [];
  let effective = 0;
  const files = [...texts.entries()];
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
    for (const [path, d] of files) if (d.format !== 'toml') JSON.parse(await readFile(path, 'utf8'));
    const jsonMs = performance.now() - t;
    t = performance.now();
    for (const [path, d] of files) {
      const text = await readFile(path, 'utf8');
      if (d.format === 'toml') parseTOML(text);
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
