// `check FILE --dialect …`: validate one file on its own, with the same loader the effective
// view uses, plus CFG-11's stricter rules for plugin manifests.
import type { Problem, Transport } from '../../../shared/schemas/server';
import type { Dialect } from '../../../shared/schemas/dialects';
import { loadLayer } from './layer-loader';
import type { Node } from 'jsonc-parser';
import { JsonDoc } from './json-doc';
import { duplicateKeys, pointerOf } from './json-text';
import { validatePluginEntry } from './plugin-rules';
import { readConfigFile } from './read-file';

export const CHECK_DIALECTS = ['minimax', 'kimi', 'minara', 'minimax-plugin', 'minara-plugin'] as const;
export type CheckDialect = (typeof CHECK_DIALECTS)[number];

export interface CheckServer {
  name: string;
  pointer: string;
  transport: Transport | null;
  enabled: boolean;
  error: string | null;
}

export interface CheckResult {
  /** No error-severity problem. */
  ok: boolean;
  /** False when the file is missing, unreadable or does not parse (CLI exit 1). */
  parsed: boolean;
  file: string;
  dialect: CheckDialect;
  servers: CheckServer[];
  problems: Problem[];
}

/** JSON.parse silently keeps the last of two equal keys; a check says so (a twice-written
 * "mcpServers" itself is the loader's error, CFG-5). */
function duplicateServers(doc: JsonDoc, path: string): Problem[] {
  let root: Node;
  try {
    root = doc.root;
  } catch {
    return []; // plain JSON too deep for a tree: its entries are reported one by one
  }
  return duplicateKeys(root)
    .filter((d) => d.container.length === 1 && d.container[0] === 'mcpServers')
    .map((d) => ({ path, pointer: pointerOf(['mcpServers', d.key]), ...doc.lineCol(d.keyOffset), message: `server "${d.key}" is defined twice; the later entry wins`, severity: 'warning' as const }));
}

export async function checkFile(path: string, dialect: CheckDialect, env: NodeJS.ProcessEnv, onPath?: (cmd: string) => boolean): Promise<CheckResult> {
  const base: Dialect = dialect === 'minimax-plugin' ? 'minimax' : dialect === 'minara-plugin' ? 'minara' : dialect;
  const plugin = dialect.endsWith('-plugin');
  const read = await readConfigFile(path);
  const layer = loadLayer(
    read,
    { path, layer: plugin ? 'plugin' : 'user', dialect: base, ...(plugin ? { pluginOrigin: 'local' as const } : {}) },
    { profile: base, env, home: '', cwd: '', workspace: null, panelDataDir: '', isTrusted: async () => false },
  );
  // One file checked on its own: a file that cannot be read (a device, a FIFO, too large) is
  // the check's error, not the effective view's warning beside other layers.
  const problems = read.state === 'void' ? layer.problems.map((p) => ({ ...p, severity: 'error' as const })) : [...layer.problems];
  if (read.state === 'ok' && read.doc instanceof JsonDoc) problems.push(...duplicateServers(read.doc, path));
  if (read.state === 'missing') problems.push({ path, pointer: '', message: `${path} does not exist`, severity: 'error' });
  const servers: CheckServer[] = layer.servers.map((s) => {
    let error = s.error;
    if (plugin && read.state === 'ok') {
      for (const issue of validatePluginEntry(s.entry, { env, onPath }, base === 'minara' ? 'minara' : 'minimax')) {
        const segs = [...s.pointer.split('/').slice(1).map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~')), ...issue.path];
        problems.push({ path, ...read.doc.locate(segs), message: `${s.name}: ${issue.message}`, severity: 'error' });
        error = error ?? issue.message;
      }
    }
    return { name: s.name, pointer: s.pointer, transport: s.transport, enabled: s.enabled, error };
  });
  return {
    ok: read.state === 'ok' && !problems.some((p) => p.severity === 'error'),
    parsed: read.state === 'ok',
    file: path,
    dialect,
    servers,
    problems,
  };
}
