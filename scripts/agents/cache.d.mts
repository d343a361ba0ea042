// Types of cache.mjs (plain JavaScript so .ci/run runs the installer before npm ci is done).
export const MARKER: string;
export interface Marker {
  package: string;
  version: string;
  /** The agent's executable, or the script a Node runtime runs. */
  bin: string;
  /** null: `bin` is native; 'current': the Node running the tests; else the path of the Node binary to run it with. */
  runtime: string | null;
  /** What `--version` printed (its first line naming the version). */
  versionLine: string;
}
export function cacheRoot(env?: NodeJS.ProcessEnv): string;
export function installDir(pkg: string, version: string, env?: NodeJS.ProcessEnv): string;
export function platformName(text: string): string;
export function expand(dir: string, pattern: string): string[];
export function readMarker(pkg: string, version: string, env?: NodeJS.ProcessEnv): Marker | null;
