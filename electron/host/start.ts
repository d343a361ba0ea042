// `npm start`: the Electron app where its binary exists; otherwise (as on headless build
// machines) one line saying so, then the web host, printing its URL and opening a browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { serve } from './web/serve';
import { ensureRendererBuilt, repoRoot } from './web/build';
import { invocationDir } from './invocation-dir';

/**
 * The Electron executable if it is really there. Not `require('electron')`: that starts a
 * download when the binary is missing, which fails (slowly, loudly) on offline machines.
 */
function electronBinary(): string | null {
  try {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const rel = readFileSync(join(pkgDir, 'path.txt'), 'utf8').trim();
    const base = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkgDir, 'dist');
    const bin = join(base, rel);
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const root = repoRoot();
  const args = process.argv.slice(2);
  const electron = electronBinary();
  if (electron) {
    ensureRendererBuilt(root);
    if (!existsSync(join(root, 'out', 'main', 'index.js'))) spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
    // The app reads its workspace from its cwd: the folder the command was run from.
    const child = spawn(electron, [root, ...args], { stdio: 'inherit', cwd: invocationDir(process.env) });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  process.stderr.write('Electron is not available on this machine; starting the panel in your browser instead.\n');
  // The folder `npm start` was run in is the workspace (INIT_CWD), as the Electron app's cwd and
  // `serve` make it; --workspace=DIR says another.
  const from = invocationDir(process.env);
  const workspace = args.find((a) => a.startsWith('--workspace='))?.slice(12) ?? from;
  const port = Number(args.find((a) => a.startsWith('--port='))?.slice(7) ?? 0);
  const served = await serve({ env: process.env, cwd: from, workspace, port });
  process.stdout.write(`MCP Panel: ${served.host.url}\n`);
  // The browser gets its own one-time link through a private file, never on its command line.
  if (!(await served.openInBrowser())) process.stderr.write('No browser was started: open the address above (it works once).\n');
  const stop = () => void served.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`mcp-panel: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
