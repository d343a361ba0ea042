// Where the contract suite's agents live (SPEC AGENT-7): outside the clone, one folder per
// package and version, `$MCP_PANEL_AGENTS_CACHE/<package>@<version>/` (default
// `~/.cache/mcp-panel-agents`), each with a marker written only after its binary answered
// `--version` (install.mjs). Read by the installer and by the tests (test/agents/helpers/installed.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const MARKER = '.mcp-panel-installed.json';

export function cacheRoot(env = process.env) {
  return env.MCP_PANEL_AGENTS_CACHE || join(env.HOME || homedir(), '.cache', 'mcp-panel-agents');
}

export function installDir(pkg, version, env = process.env) {
  return join(cacheRoot(env), `${pkg}@${version}`);
}

/** `{platform}` and `{arch}` as the node-<platform>-<arch> packages spell them. */
export function platformName(text) {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return text.replaceAll('{platform}', platform).replaceAll('{arch}', process.arch);
}

/** The paths under `dir` matching `pattern` (`*` within one segment), sorted. */
export function expand(dir, pattern) {
  let found = [dir];
  for (const part of pattern.split('/')) {
    if (!part.includes('*')) {
      found = found.map((f) => join(f, part)).filter((f) => existsSync(f));
      continue;
    }
    const re = new RegExp(`^${part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    found = found.flatMap((f) => {
      try {
        return readdirSync(f).filter((n) => re.test(n)).sort().map((n) => join(f, n));
      } catch {
        return [];
      }
    });
  }
  return found;
}

/** The marker of an installed package (`{ package, version, bin, runtime, versionLine }`), or null. */
export function readMarker(pkg, version, env = process.env) {
  const file = join(installDir(pkg, version, env), MARKER);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
