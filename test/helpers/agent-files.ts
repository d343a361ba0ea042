// Agents' config files written as each agent writes them (AGENT-1/2): the file every layer reads
// (resolved by the panel's own profile for that HOME and OS), the servers object where that agent
// keeps it (~/.claude.json's `projects.<path>.mcpServers`, Zed's `context_servers`, Goose's
// `extensions`), each entry in the agent's spelling (spellAs: `cmd`/`envs` for Goose, `type`
// words, `${env:X}`…) and the file in the agent's format (JSON, JSONC, TOML, YAML). Used by the
// config benchmark and by the browser tests' many-agent HOME.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify as yamlText } from 'yaml';
import { spellAs, type CanonicalEntry } from '../../shared/install/canonical';
import { profileFacts } from '../../shared/profiles';
import type { LayerEnv } from '../../shared/profiles/loading';
import type { LayerKind, Profile } from '../../shared/schemas/server';
import { resolveLayerPaths } from '../../electron/services/config/profiles';
import { tomlKey, tomlValue } from '../../electron/services/config/writer/toml-edit';

export interface AgentFile {
  path: string;
  format: string;
  /** The document as written (before formatting). */
  value: Record<string, unknown>;
  text: string;
}

/** A TOML text with every server as its own table (`[mcp_servers.<name>]`), as Codex writes them. */
function tomlText(value: Record<string, unknown>): string {
  const lines = ['# Codex', 'model = "gpt-5"', ''];
  for (const [key, servers] of Object.entries(value)) {
    for (const [name, e] of Object.entries(servers as Record<string, Record<string, unknown>>)) {
      lines.push(`[${key}.${tomlKey(name)}]`);
      for (const [k, v] of Object.entries(e)) if (typeof v !== 'object' || Array.isArray(v)) lines.push(`${tomlKey(k)} = ${tomlValue(v)}`);
      for (const [k, v] of Object.entries(e)) if (typeof v === 'object' && v !== null && !Array.isArray(v)) lines.push(`${tomlKey(k)} = ${tomlValue(v)}`);
      lines.push('');
    }
  }
  return lines.join('\n');
}

function formatted(format: string, value: Record<string, unknown>, jsonOnly: boolean): string {
  if (format === 'toml') return tomlText(value);
  if (jsonOnly) return JSON.stringify(value, null, 2);
  if (format === 'yaml') return `# Goose\n${yamlText(value)}`;
  if (format === 'jsonc') return `// written by hand\n${JSON.stringify(value, null, 2)}\n`;
  return JSON.stringify(value, null, 2);
}

export interface WriteAgentFilesOptions {
  /** YAML and JSONC files written as plain JSON (valid in both), so one JSON.parse reads every non-TOML file. */
  jsonOnly?: boolean;
  /** File layers to write; default every layer that is a file the user edits. */
  layers?: readonly LayerKind[];
}

/**
 * Writes, for every profile in `profiles`, each of its file layers with the servers `pick` gives
 * (none: the layer is left alone). Entries an agent cannot take (a transport it lacks) are left
 * out, as install would. Files two layers share get both containers. Returns the files written.
 */
export async function writeAgentFiles(
  where: LayerEnv,
  profiles: readonly Profile[],
  pick: (profile: Profile, layer: LayerKind) => Record<string, CanonicalEntry> | undefined,
  opts: WriteAgentFilesOptions = {},
): Promise<AgentFile[]> {
  const layers = opts.layers ?? ['user', 'project', 'project-local'];
  const docs = new Map<string, { format: string; value: Record<string, unknown> }>();
  for (const p of profiles) {
    const facts = profileFacts(p);
    for (const loc of await resolveLayerPaths(p, where)) {
      if (!layers.includes(loc.layer)) continue;
      const wanted = pick(p, loc.layer);
      if (!wanted) continue;
      const servers: Record<string, unknown> = {};
      for (const [name, c] of Object.entries(wanted)) {
        const s = spellAs(p, loc.layer, c, name);
        if (!s.losses.some((l) => l.blocking)) servers[name] = s.entry;
      }
      const doc = docs.get(loc.path) ?? { format: facts.format, value: {} };
      docs.set(loc.path, doc);
      let at: Record<string, unknown> = doc.value;
      const container = loc.container ?? [facts.serversKey];
      for (const k of container.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
      const key = container[container.length - 1]!;
      at[key] = { ...((at[key] as object | undefined) ?? {}), ...servers };
    }
  }
  const out: AgentFile[] = [];
  for (const [path, doc] of docs) {
    const text = formatted(doc.format, doc.value, opts.jsonOnly ?? false);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    out.push({ path, format: doc.format, value: doc.value, text });
  }
  return out;
}
