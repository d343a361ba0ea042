// A panel started after a rug pull (CONN-11): the real CLI sees the servers' lists first (that
// first sight is the approved list), then `drifted` is written (test/fixtures/servers/poisoned.mjs
// --drift turns its description poisoned once the file exists), then the web host starts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { startPanel, type RunningPanel } from '../../helpers/panel-home';
import { runCli } from '../../helpers/run-cli';
import type { Profile } from '../../../shared/schemas/server';

export async function panelAfterRugPull(o: { dir: string; home: string; workspace: string; drifted: string; profile: Profile }): Promise<RunningPanel> {
  const env = { ...process.env, HOME: o.home, MCP_PANEL_DATA_DIR: join(o.dir, 'panel-data') };
  const first = await runCli(['tools', '--json', '--refresh', '--profile', o.profile, '--workspace', o.workspace], { env, cwd: o.workspace });
  expect(first.code, first.stderr).toBe(0);
  writeFileSync(o.drifted, 'now');
  return startPanel({ profile: o.profile, dir: o.dir, home: o.home, workspace: o.workspace, pidFile: join(o.dir, 'unused.pid'), cleanup: () => undefined });
}
