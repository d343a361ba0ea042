// Wrong Node for an npx package: the package's `engines.node` against the
// version of the `node` on the server's PATH. Only what is cheap and local: the package.json in
// a node_modules of the server's cwd (or a parent), or in npm's npx cache (~/.npm/_npx/*/…).
// Skipped, said in the report: a package never fetched (that would be a registry call on
// every failed start) and which of several cached copies npx would pick (the newest is read).
import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import semver from 'semver';
import { lookupCommand } from './lookup';

export interface EngineProblem {
  package: string;
  engines: string;
  node: string;
}

const NPX_FLAGS_WITH_VALUE = new Set(['-p', '--package', '-c', '--call', '--cache', '--registry', '--userconfig']);

/** The package an `npx …` command line runs, without its version; null when there is none. */
export function npxPackage(command: string, args: readonly string[]): string | null {
  if (!/^npx(\.cmd)?$/.test(basename(command))) return null;
  let named: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      named ??= args[i + 1] ?? null;
      break;
    }
    if (a.startsWith('--package=')) named = a.slice('--package='.length);
    else if (NPX_FLAGS_WITH_VALUE.has(a)) {
      if (a === '-p' || a === '--package') named = args[i + 1] ?? null;
      i++;
    } else if (!a.startsWith('-')) {
      named ??= a;
      break;
    }
  }
  if (!named) return null;
  // `@scope/name@1.2.3`, `name@latest`: the version is after the last `@` that is not the first char.
  const at = named.lastIndexOf('@');
  return at > 0 ? named.slice(0, at) : named;
}

async function readEngines(file: string): Promise<{ engines: string; mtime: number } | null> {
  try {
    const pkg = JSON.parse(await readFile(file, 'utf8')) as { engines?: { node?: unknown } };
    const node = pkg.engines?.node;
    return typeof node === 'string' ? { engines: node, mtime: (await stat(file)).mtimeMs } : null;
  } catch {
    return null;
  }
}

/** `engines.node` of the package, from a local node_modules up the tree, else the newest npx cache copy. */
export async function packageEngines(name: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const local = await readEngines(join(dir, 'node_modules', name, 'package.json'));
    if (local) return local.engines;
    if (dirname(dir) === dir) break;
  }
  const cache = env.npm_config_cache || join(env.HOME || '', '.npm');
  let slots: string[] = [];
  try {
    slots = await readdir(join(cache, '_npx'));
  } catch {
    return null;
  }
  const found = (await Promise.all(slots.map((s) => readEngines(join(cache, '_npx', s, 'node_modules', name, 'package.json'))))).filter((x) => x !== null);
  found.sort((a, b) => b.mtime - a.mtime);
  return found[0]?.engines ?? null;
}

/** `node --version` of the node on `path`, bounded; null when there is none or it does not answer. */
export async function nodeVersion(path: string | undefined, cwd: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const node = await lookupCommand('node', path, cwd);
  if (node.kind !== 'found') return null;
  return new Promise((resolve) => {
    execFile(node.file, ['--version'], { timeout: 2_000, env }, (err, out) => resolve(err ? null : out.trim() || null));
  });
}

export async function npxEngineProblem(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<EngineProblem | null> {
  const name = npxPackage(command, args);
  if (!name) return null;
  const engines = await packageEngines(name, cwd, env);
  if (!engines || !semver.validRange(engines)) return null;
  const node = await nodeVersion(env.PATH, cwd, env);
  if (!node || !semver.valid(node)) return null;
  return semver.satisfies(node, engines, { includePrerelease: true }) ? null : { package: name, engines, node };
}
