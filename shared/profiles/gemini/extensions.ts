// AGENT-9: the servers Gemini CLI's extensions add, as Gemini CLI 0.61.0 reads them (its bundle:
// ExtensionManager._buildExtension, getMcpServersFromConfig, ExtensionEnablementManager; checked
// with its own `gemini extensions link`, `disable` and `mcp list`, agent contract suite). Each folder
// of ~/.gemini/extensions is one extension; a linked one (`.gemini-extension-install.json`, type
// "link") is read from its source. `mcpServers` of its gemini-extension.json, with `${extensionPath}`,
// `${workspacePath}`, `${/}` and `${pathSeparator}` filled in, and its `trust` field dropped; a server
// of the same name in settings.json wins (the extension's is skipped). An extension is on unless
// the last rule of ~/.gemini/extensions/extension-enablement.json that matches the folder (`!path*`
// off, `path*` on, `*` for the folders below) turns it off.
import type { AgentIo, LayerEnv, PluginServers, SwitchedOff } from '../loading';
import { isRecord } from '../places';

const slashed = (dir: string) => {
  const s = dir.replace(/\\/g, '/');
  return `${s.startsWith('/') ? '' : '/'}${s}${s.endsWith('/') ? '' : '/'}`;
};

/** Gemini's own glob: `*` at the end takes the folders below too. */
function ruleMatches(rule: string, dir: string): boolean {
  const sub = rule.endsWith('*');
  const base = sub ? rule.slice(0, -1) : rule;
  const escaped = `${base}${sub ? '*' : ''}`.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/(\/?)\*/g, '($1.*)?');
  return new RegExp(`^${escaped}$`).test(dir);
}

/** The last rule for this extension that matches the folder decides; none: on. */
function enabledHere(overrides: unknown, dir: string): boolean {
  let on = true;
  for (const rule of Array.isArray(overrides) ? overrides : []) {
    if (typeof rule !== 'string') continue;
    const off = rule.startsWith('!');
    if (ruleMatches(off ? rule.slice(1) : rule, slashed(dir))) on = !off;
  }
  return on;
}

function hydrate(v: unknown, vars: Record<string, string>): unknown {
  if (typeof v === 'string') return v.replace(/\$\{(extensionPath|workspacePath|\/|pathSeparator)\}/g, (_, k: string) => vars[k] ?? '');
  if (Array.isArray(v)) return v.map((x) => hydrate(x, vars));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, hydrate(x, vars)]));
  return v;
}

export async function geminiExtensions({ home, workspace, platform }: LayerEnv, io: AgentIo, dirName = '.gemini'): Promise<PluginServers[]> {
  const p = io.path;
  const root = p.join(home, dirName, 'extensions');
  const folders = await io.listDirs(root);
  if (folders.length === 0) return [];
  const enablementPath = p.join(root, 'extension-enablement.json');
  const enablement = await io.readValue(enablementPath, 'json');
  const here = workspace ?? home;
  const sep = platform === 'win32' ? '\\' : '/';
  const out: PluginServers[] = [];
  for (const folder of folders) {
    const meta = await io.readValue(p.join(root, folder, '.gemini-extension-install.json'), 'json');
    const dir = isRecord(meta) && meta.type === 'link' && typeof meta.source === 'string' ? meta.source : p.join(root, folder);
    const path = p.join(dir, 'gemini-extension.json');
    const manifest = await io.readValue(path, 'json');
    if (!isRecord(manifest) || typeof manifest.name !== 'string' || !isRecord(manifest.mcpServers)) continue;
    const vars = { extensionPath: dir, workspacePath: here, '/': sep, pathSeparator: sep };
    const servers: Record<string, Record<string, unknown>> = {};
    for (const [name, entry] of Object.entries(manifest.mcpServers)) {
      if (!isRecord(entry)) continue;
      const { trust: _trust, ...rest } = entry;
      servers[name] = hydrate(rest, vars) as Record<string, unknown>;
    }
    const own = isRecord(enablement) ? enablement[manifest.name] : undefined;
    const rules = isRecord(own) ? own.overrides : undefined;
    const off: SwitchedOff | null = enabledHere(rules, here) ? null : { path: enablementPath, key: `${manifest.name}.overrides` };
    out.push({ kind: 'extension', name: manifest.name, path, servers, off });
  }
  return out;
}
