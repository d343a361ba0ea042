// BRIDGE-3: one login for N processes. No token in the keychain; four bridges start together.
// The browser (MCP_PANEL_BROWSER, a stand-in that records each launch and then approves or
// denies like a person) is opened once; the other bridges wait for that login and go on with
// its token. A denied login reaches every waiting bridge as an MCP error saying how to log in.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { KeytarSecretStore, deleteAllSecrets, loadKeytar, serverIdentity } from '../../../electron/services/auth';
import { startBridge, type BridgeClient } from './helpers';

const BRIDGES = 4;
const SERVICE = `mcp-panel-login-${process.pid}`;
let fx: OAuthFixture | undefined;

afterEach(async () => {
  if (!fx) return;
  const { keytar, error } = await loadKeytar();
  await deleteAllSecrets(new KeytarSecretStore(keytar, error, SERVICE), serverIdentity({ url: fx.mcpUrl }));
  await fx.close();
  fx = undefined;
});

/** A browser stand-in: appends each URL it is given to `log`, then approves or denies. */
function browser(dir: string, decision: 'approve' | 'deny'): { path: string; launches: () => string[] } {
  const log = join(dir, 'launches.txt');
  writeFileSync(log, '');
  const script = join(dir, 'browser.mjs');
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';
const url = new URL(process.argv[2]);
appendFileSync(${JSON.stringify(log)}, url.href + '\\n');
if (${JSON.stringify(decision)} === 'approve') await fetch(url).then((r) => r.text());
else {
  const back = new URL(url.searchParams.get('redirect_uri'));
  back.searchParams.set('error', 'access_denied');
  back.searchParams.set('state', url.searchParams.get('state'));
  await fetch(back).then((r) => r.text());
}
`,
  );
  const path = join(dir, 'browser');
  writeFileSync(path, `#!/bin/sh\nexec "${process.execPath}" "${script}" "$1"\n`);
  chmodSync(path, 0o755);
  return { path, launches: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

async function startAll(decision: 'approve' | 'deny') {
  fx = await startOAuthFixture();
  const dir = mkdtempSync(join(tmpdir(), 'bridge-login-'));
  const b = browser(dir, decision);
  const env = { ...process.env, HOME: dir, MCP_PANEL_DATA_DIR: join(dir, 'data'), MCP_PANEL_KEYCHAIN_SERVICE: SERVICE, MCP_PANEL_BROWSER: b.path };
  const results = await Promise.allSettled(Array.from({ length: BRIDGES }, () => startBridge(['--url', fx!.mcpUrl], env)));
  return { results, launches: b.launches() };
}

describe(`${BRIDGES} bridges without a token`, () => {
  it('open the browser once, and all of them go on with that login', async () => {
    const { results, launches } = await startAll('approve');
    const bridges = results.map((r) => (r.status === 'fulfilled' ? r.value : null)).filter((x): x is BridgeClient => x !== null);
    try {
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(launches).toHaveLength(1);
      expect(launches[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
      expect(fx!.provider.counts.code).toBe(1);
      for (const b of bridges) expect(JSON.stringify((await b.client.callTool({ name: 'whoami', arguments: {} })).content)).toContain('client=');
    } finally {
      await Promise.all(bridges.map((b) => b.close()));
    }
  }, 120_000);

  it('a denied login reaches every waiting bridge as an error that says how to log in', async () => {
    const { results, launches } = await startAll('deny');
    expect(launches).toHaveLength(1);
    expect(fx!.provider.counts.code).toBe(0);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/needs a login.*mcp-panel login .*or in the panel/);
    }
  }, 120_000);
});
