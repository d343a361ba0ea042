// The workspace: `cd ~/code/app && npm --prefix <panel> start` runs this process
// in the panel's folder; the folder the person typed the command in is npm's INIT_CWD.
import { isAbsolute } from 'node:path';

/** The npm scripts that start a front door (package.json `start`, `cli`). */
const FRONT_DOOR_SCRIPTS: readonly string[] = ['start', 'cli'];

/**
 * Where the command was run from: INIT_CWD when npm started this very script (npm sets it
 * afresh for every run), else the cwd. An INIT_CWD inherited from an outer npm run (say,
 * `npm test` spawning the CLI in a temp folder) names some other command's folder.
 */
export function invocationDir(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string {
  const init = env.INIT_CWD;
  const underNpm = env.npm_lifecycle_event !== undefined && FRONT_DOOR_SCRIPTS.includes(env.npm_lifecycle_event);
  return underNpm && init && isAbsolute(init) ? init : cwd;
}
