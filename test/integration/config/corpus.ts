// Issue 42 item 5: the corpus of real config files (test/corpus/<dialect>/, sources in each
// SOURCES.md) run through the panel's own loader and writer, one file at a time, on a copy in a
// temporary folder. What each file gives is recorded, never thrown, so the table says it all.
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';
import { parse as parseYaml } from 'yaml';
import { loadLayer } from '../../../electron/services/config/layer-loader';
import { readConfigFile } from '../../../electron/services/config/read-file';
import { ConfigWriter, type LayerFile, type ServerOp, type WriteOutcome, type WriteError } from '../../../electron/services/config/writer';
import { profileFacts } from '../../../shared/profiles';
import type { Dialect } from '../../../shared/schemas/dialects';
import type { LayerKind } from '../../../shared/schemas/server';
import { type Result } from '../../../shared/result';

const CORPUS = join(__dirname, '..', '..', 'corpus');

/** Each folder's agent; Copilot CLI and Qwen Code have no profile: read as the agent whose file they copy. */
const FOLDERS: Record<string, { dialect: Dialect; layer: LayerKind }> = {
  'claude-code': { dialect: 'claude-code', layer: 'project' },
  'claude-desktop': { dialect: 'claude-desktop', layer: 'user' },
  codex: { dialect: 'codex', layer: 'user' },
  copilot: { dialect: 'claude-code', layer: 'user' },
  cursor: { dialect: 'cursor', layer: 'project' },
  gemini: { dialect: 'gemini', layer: 'project' },
  goose: { dialect: 'goose', layer: 'user' },
  kimi: { dialect: 'kimi', layer: 'project-local' },
  opencode: { dialect: 'opencode', layer: 'project' },
  qwen: { dialect: 'gemini', layer: 'project' },
  vscode: { dialect: 'vscode', layer: 'project' },
  zed: { dialect: 'zed', layer: 'user' },
};

/** One round trip: byte-identical, different bytes, refused (with the writer's code), or thrown. */
export type Trip = { kind: 'same' } | { kind: 'diff'; op: string } | { kind: 'refused'; code: string } | { kind: 'thrown'; message: string };

export interface FileResult {
  folder: string;
  file: string;
  /** The panel parsed the file (else it refused it, with `where`). */
  parsed: boolean;
  /** The refusal names a line and a column. */
  refusedClearly: boolean;
  /** The loader's server names are the servers object's keys, in order (or both refused the file). */
  readRight: boolean;
  servers: number;
  /** AGENT-2 (issue 42): what the agent itself does not take, as the panel says it: entries it skips, servers under a key it does not read. */
  agentSkips: number;
  unreadKeys: number;
  /** The agent's own entries (Goose's builtins) and entries with prompts only the agent asks (VS Code inputs). */
  agentOwn: number;
  prompts: number;
  switches: Trip[];
  renames: Trip[];
  lists: Trip[];
  thrown: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The servers object's keys by a plain parse of the text (not the loader's), or null when it does not parse. */
function rawNames(text: string, dialect: Dialect): string[] | null {
  const facts = profileFacts(dialect);
  let root: unknown;
  try {
    if (facts.format === 'toml') root = getStaticTOMLValue(parseTOML(text));
    else if (facts.format === 'yaml') root = parseYaml(text);
    else {
      const errors: ParseError[] = [];
      root = parseJsonc(text, errors, { allowTrailingComma: facts.format === 'jsonc', disallowComments: false, allowEmptyContent: true });
      if (errors.length) return null;
    }
  } catch {
    return null;
  }
  const servers = isRecord(root) ? root[facts.serversKey] : undefined;
  return isRecord(servers) ? Object.keys(servers) : [];
}

/** Each trip starts from the original bytes and an empty record of the panel's additions (a failed trip leaves nothing behind). */
async function trip(path: string, before: string, steps: Array<() => Promise<Result<WriteOutcome, WriteError>>>, what: string): Promise<Trip> {
  try {
    await writeFile(path, before);
    await rm(join(dirname(path), '.panel'), { recursive: true, force: true });
    for (const step of steps) {
      const r = await step();
      if (!r.ok) return { kind: 'refused', code: r.error.code };
    }
    return (await readFile(path, 'utf8')) === before ? { kind: 'same' } : { kind: 'diff', op: what };
  } catch (err) {
    return { kind: 'thrown', message: `${what}: ${(err as Error).message}` };
  }
}

/** A name not in the file, for rename-and-back. */
function freshName(name: string, taken: readonly string[]): string {
  let n = `${name}-renamed`;
  while (taken.includes(n)) n += '-x';
  return n;
}

export async function listCorpus(): Promise<Array<{ folder: string; file: string }>> {
  const out: Array<{ folder: string; file: string }> = [];
  for (const folder of Object.keys(FOLDERS).sort()) {
    for (const file of (await readdir(join(CORPUS, folder))).sort()) if (file !== 'SOURCES.md') out.push({ folder, file });
  }
  return out;
}

export async function runFile(folder: string, file: string): Promise<FileResult> {
  const { dialect, layer } = FOLDERS[folder]!;
  const facts = profileFacts(dialect);
  const dir = await mkdtemp(join(tmpdir(), 'corpus-'));
  const path = join(dir, file);
  const result: FileResult = { folder, file, parsed: false, refusedClearly: false, readRight: false, servers: 0, agentSkips: 0, unreadKeys: 0, agentOwn: 0, prompts: 0, switches: [], renames: [], lists: [], thrown: [] };
  try {
    await copyFile(join(CORPUS, folder, file), path);
    const text = await readFile(path, 'utf8');
    const raw = rawNames(text, dialect);
    const ctx = { profile: dialect, env: {}, home: dir, cwd: dir, workspace: null, panelDataDir: dir, isTrusted: async () => true };
    let names: string[] = [];
    const enabledOf = new Map<string, boolean>();
    try {
      const loaded = loadLayer(await readConfigFile(path, { format: facts.format }), { path, layer, dialect }, ctx);
      // Only a file the panel cannot read as a whole makes the layer invalid; a bad entry is a problem of its own.
      result.parsed = loaded.info.state !== 'invalid';
      const why = result.parsed ? undefined : loaded.problems.find((p) => p.severity === 'error');
      result.refusedClearly = typeof why?.line === 'number' && typeof why.column === 'number' && why.message !== '';
      names = loaded.servers.map((s) => s.name);
      for (const s of loaded.servers) enabledOf.set(s.name, s.enabled);
      const coded = (codes: readonly string[]) => loaded.problems.filter((p) => codes.includes(p.note?.code ?? '')).length;
      result.agentSkips = coded(['agent-skips', 'input-undeclared']);
      result.unreadKeys = coded(['servers-key-unread', 'servers-top-level', 'servers-key-missing', 'servers-key-missing-found']);
      result.agentOwn = loaded.servers.filter((s) => s.agentOwn).length;
      result.prompts = loaded.servers.filter((s) => s.inputs).length;
      result.readRight = raw === null ? !result.parsed && result.refusedClearly : JSON.stringify(names) === JSON.stringify(raw);
    } catch (err) {
      result.thrown.push(`load: ${(err as Error).message}`);
    }
    result.servers = names.length;
    const file0: LayerFile = { profile: dialect, layer, path, dialect, readOnly: null };
    const writer = () => new ConfigWriter({ env: { HOME: dir }, dataDir: join(dir, '.panel') });
    const apply = (ops: ServerOp[]) => () => writer().applyToFile(file0, ops);
    // A file the panel refuses to parse: every write is refused and the file is left as it is.
    const targets = names.length ? names : raw === null ? ['(any)'] : [];
    for (const name of targets) {
      const [off, on] = (enabledOf.get(name) ?? true) ? (['disable', 'enable'] as const) : (['enable', 'disable'] as const);
      result.switches.push(await trip(path, text, [apply([{ op: off, name }]), apply([{ op: on, name }])], `${off}+${on} ${name}`));
      if (facts.serverSwitch) {
        // Twice: the way back holds across runs (the record of what the panel added is on disk).
        result.switches.push(await trip(path, text, [apply([{ op: off, name }]), apply([{ op: on, name }])], `${off}+${on} again ${name}`));
        // The state it already has: nothing is written.
        result.switches.push(await trip(path, text, [apply([{ op: on, name }])], `${on} (no-op) ${name}`));
      }
      const to = freshName(name, names);
      result.renames.push(await trip(path, text, [apply([{ op: 'rename', name, to }]), apply([{ op: 'rename', name: to, to: name }])], `rename ${name}`));
      // Gemini's own switch is a list in the same file (issue 34): mcp.excluded.
      if (dialect === 'gemini') {
        const w = writer();
        const list = (present: boolean) => () => (typeof w.editList === 'function' ? w.editList(file0, ['mcp', 'excluded'], name, present) : Promise.reject(new Error('no editList')));
        result.lists.push(await trip(path, text, [list(true), list(false)], `mcp.excluded ${name}`));
      }
    }
    // Every server off, then every one back on in the reverse order: the file as it was.
    if (facts.serverSwitch && names.length > 1) {
      const steps = [...names.map((name) => apply([{ op: 'disable', name }])), ...[...names].reverse().map((name) => apply([{ op: 'enable', name }]))];
      if (names.every((n) => enabledOf.get(n))) result.switches.push(await trip(path, text, steps, 'all off, all on'));
    }
  } catch (err) {
    result.thrown.push((err as Error).message);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return result;
}
