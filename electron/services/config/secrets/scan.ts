// CFG-8 secret scan over every config file the panel knows: the three profiles' layers
// (legacy minara files included) and the import sources. Reports literal secrets by file,
// pointer and kind with a masked hint, files others can read (advise chmod 600), and
// project files with secrets that git would commit. Never prints a secret's value.
import { escapePointer } from '../../../../shared/json-pointer';
import { execFile } from 'node:child_process';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { IMPORT_SOURCES, sourceFiles } from '../import/sources';
import { PROFILES } from '../../../../shared/schemas/server';
import { homeDir } from '../../paths';
import { resolveLayerPaths } from '../profiles';
import { parseConfigText } from '../writer/text-edit';
import { readBoundedFile } from '../bounded-read';
import { parseTomlDoc } from '../toml-doc';
import { profileFacts } from '../../../../shared/profiles';
import type { ConfigFormat } from '../../../../shared/profiles/types';
import { findInlineSecrets, type SecretKind } from '../../../../shared/secrets/secret-rules';
import { isRecord } from '../../../../shared/is-record';

export type GitRunner = (args: string[], cwd: string) => Promise<{ code: number; stdout: string }>;

export interface ScanContext {
  env: NodeJS.ProcessEnv;
  /** Overrides HOME from `env`. */
  home?: string;
  workspace?: string | null;
  git?: GitRunner;
}

export interface ScannedFile {
  path: string;
  /** Who reads it: `minimax user`, `kimi project`, `claude-code`… */
  owners: string[];
  scope: 'user' | 'project';
  /** Octal permission bits, e.g. `0644`. */
  mode: string | null;
  state: 'ok' | 'invalid' | 'unreadable';
  secrets: number;
}

export type ScanFindingKind = SecretKind | 'readable-by-others' | 'git-exposed';

export interface ScanFinding {
  path: string;
  /** RFC 6901 pointer into the file ('' for the whole file). */
  pointer: string;
  kind: ScanFindingKind;
  severity: 'error' | 'warning';
  message: string;
  fix: string;
}

export interface ScanReport {
  files: ScannedFile[];
  findings: ScanFinding[];
}

interface Candidate {
  path: string;
  owner: string;
  scope: 'user' | 'project';
  containers: (value: unknown) => Array<{ pointer: string; servers: Record<string, unknown> }>;
  format?: ConfigFormat;
  /** A workspace file: read only when it leads nowhere outside it (issue 21 F9). */
  confineTo?: string;
}


/** The servers object at `path` in a parsed file (the profile's key, or Claude Code's projects[<ws>].mcpServers). */
const at = (path: readonly string[]) => (value: unknown) => {
  let cur: unknown = value;
  for (const key of path) cur = isRecord(cur) ? cur[key] : undefined;
  return isRecord(cur) ? [{ pointer: path.map((k) => '/' + escapePointer(k)).join(''), servers: cur }] : [];
};

/** Every file of every profile (and its other spellings: minara's legacy file may still hold secrets), then the import sources. */
async function candidates(env: NodeJS.ProcessEnv, home: string, workspace: string | null): Promise<Candidate[]> {
  const list: Candidate[] = [];
  for (const profile of PROFILES) {
    const { serversKey, format } = profileFacts(profile);
    for (const loc of await resolveLayerPaths(profile, { env, home, workspace })) {
      // Claude Code's local scope is in the user's own ~/.claude.json: private, like the user layer.
      const scope = loc.layer === 'user' || !loc.needsTrust ? 'user' : 'project';
      const owner = `${profile} ${loc.layer}`;
      const containers = at(loc.container ?? [serversKey]);
      const confine = loc.confineTo ? { confineTo: loc.confineTo } : {};
      list.push({ path: loc.path, owner, scope, containers, format, ...confine });
      for (const alt of loc.alternates ?? []) list.push({ path: alt, owner: `${owner} (not read while the other file exists)`, scope, containers, format, ...confine });
    }
  }
  for (const source of IMPORT_SOURCES) {
    for (const f of sourceFiles(source, { env, workspace }, true)) list.push({ path: f.path, owner: source, scope: f.scope, containers: f.containers, ...(f.confineTo ? { confineTo: f.confineTo } : {}) });
  }
  return list;
}

function tomlValue(text: string): { ok: true; value: unknown } | { ok: false } {
  const r = parseTomlDoc(text);
  return r.ok ? { ok: true, value: r.doc.value } : { ok: false };
}

export const defaultGit: GitRunner = (args, cwd) =>
  new Promise((res) => {
    execFile('git', args, { cwd, timeout: 10_000 }, (err, stdout) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 128) : 0;
      res({ code, stdout: String(stdout) });
    });
  });

/** What to add to .gitignore: the agent's folder (seed 001 advises `.minara/`), else the file. */
function ignoreEntry(repo: string, path: string): string {
  const rel = relative(repo, path).split(sep).join('/');
  const first = rel.split('/')[0] ?? rel;
  return ['.minara', '.kimi-code', '.cursor', '.vscode', '.gemini', '.codex'].includes(first) ? `${first}/` : rel;
}

async function gitExposure(path: string, git: GitRunner): Promise<ScanFinding | null> {
  const top = await git(['rev-parse', '--show-toplevel'], dirname(path));
  if (top.code !== 0) return null; // not in a repository: nothing to commit it to
  const repo = top.stdout.trim();
  const tracked = (await git(['ls-files', '--error-unmatch', '--', path], repo)).code === 0;
  const ignored = (await git(['check-ignore', '-q', '--', path], repo)).code === 0;
  if (ignored && !tracked) return null;
  const entry = ignoreEntry(repo, path);
  return {
    path,
    pointer: '',
    kind: 'git-exposed',
    severity: 'error',
    message: tracked ? 'holds secrets and is tracked by git: they are (or will be) committed' : 'holds secrets and git would commit it (not ignored)',
    fix: tracked
      ? `move the secrets to environment variables, then \`git rm --cached ${relative(repo, path)}\` and add \`${entry}\` to ${join(repo, '.gitignore')}`
      : `add \`${entry}\` to ${join(repo, '.gitignore')}, or better move the secrets to environment variables`,
  };
}

export async function scanSecrets(ctx: ScanContext): Promise<ScanReport> {
  const env = ctx.home ? { ...ctx.env, HOME: ctx.home } : ctx.env;
  const workspace = ctx.workspace ? resolve(ctx.workspace) : null;
  const git = ctx.git ?? defaultGit;
  const files = new Map<string, ScannedFile>();
  const findings: ScanFinding[] = [];
  const seenPointers = new Set<string>();

  for (const c of await candidates(env, homeDir(env), workspace)) {
    const known = files.get(c.path);
    if (known) {
      if (!known.owners.includes(c.owner)) known.owners.push(c.owner);
    }
    // SEC-7: the same bounded, regular-file-only read as the loader (a FIFO or /dev/zero is unreadable).
    const read = await readBoundedFile(c.path, c.confineTo === undefined ? {} : { confineTo: c.confineTo });
    if (read.state !== 'ok') {
      if (read.state === 'void' && !known) files.set(c.path, { path: c.path, owners: [c.owner], scope: c.scope, mode: null, state: 'unreadable', secrets: 0 });
      continue;
    }
    const text = read.bytes.toString('utf8');
    const mode = read.mode & 0o777;
    const file: ScannedFile = known ?? { path: c.path, owners: [c.owner], scope: c.scope, mode: '0' + mode.toString(8).padStart(3, '0'), state: 'ok', secrets: 0 };
    files.set(c.path, file);
    const parsed = c.format === 'toml' ? tomlValue(text) : parseConfigText(text, true);
    if (!parsed.ok) {
      file.state = 'invalid';
      continue;
    }
    for (const { pointer, servers } of c.containers(parsed.value)) {
      for (const [name, entry] of Object.entries(servers)) {
        for (const f of findInlineSecrets(entry)) {
          const full = `${pointer}/${escapePointer(name)}${f.pointer}`;
          if (seenPointers.has(c.path + '#' + full)) continue;
          seenPointers.add(c.path + '#' + full);
          file.secrets++;
          findings.push({ path: c.path, pointer: full, kind: f.kind, severity: 'error', message: `literal secret (${f.hint}) in server "${name}"`, fix: f.fix });
        }
      }
    }
  }

  for (const file of files.values()) {
    if (file.mode === null) continue;
    const mode = parseInt(file.mode, 8);
    // CFG-8: user files are private whatever they hold; a project file only matters when
    // it holds secrets (repositories are commonly world-readable).
    if ((mode & 0o077) !== 0 && (file.scope === 'user' || file.secrets > 0)) {
      findings.push({
        path: file.path,
        pointer: '',
        kind: 'readable-by-others',
        severity: file.secrets > 0 ? 'error' : 'warning',
        message: `mode ${file.mode}: readable${mode & 0o022 ? ' or writable' : ''} by other users${file.secrets > 0 ? ' and holds secrets' : ''}`,
        fix: `chmod 600 ${file.path}`,
      });
    }
    if (file.scope === 'project' && file.secrets > 0) {
      const exposed = await gitExposure(file.path, git);
      if (exposed) findings.push(exposed);
    }
  }
  return { files: [...files.values()], findings };
}
