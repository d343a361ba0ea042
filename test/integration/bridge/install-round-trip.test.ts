// BRIDGE-4: install replaces the agent's entry with the bridge line through the writer, and
// uninstall puts the file back byte for byte (or, after the user's own edits, the entry alone).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installBridge, uninstallBridge } from '../../../electron/services/bridge/install';
import { findInstall, installRecordsPath } from '../../../electron/services/bridge/install-records';
import { readFile } from 'node:fs/promises';
import { COMMAND, tempHome, type Home } from './install-helpers';

const MINIMAX_USER = `// my servers, by hand
{
\t"mcpServers": {
\t\t"docs": { "url": "https://docs.example/mcp" },   // OAuth: the panel logs in
\t\t"notes": {
\t\t\t/* the team's notes */
\t\t\t"url": "https://notes.example/mcp",
\t\t\t"headers": { "Authorization": "Bearer \${NOTES_TOKEN}" },
\t\t\t"timeout": 30
\t\t},
\t\t"fs":{"command":"npx","args":["-y","@modelcontextprotocol/server-filesystem","/tmp"]}
\t}
}
`;

const KIMI_USER = `{"mcpServers":{
    "search" : {"url":"https://search.example/mcp",   "bearerTokenEnvVar":"SEARCH_TOKEN",
      "toolTimeoutMs": 20000},
    // last one
    "tail": {"command": "tail-mcp"}
  }}\r\n`;

const KIMI_PROJECT = `{
  "mcpServers": {
    "repo": {
      "url": "https://repo.example/mcp", // team server
      "headers": {"X-Team": "\${TEAM}"}
    }
  }
}
`;

let h: Home;
beforeEach(async () => {
  h = await tempHome();
});
afterEach(async () => {
  await h.dispose();
});

describe('bridge install / uninstall round trip', () => {
  it('minimax user file: the line replaces the entry, other fields stay, uninstall is byte for byte', async () => {
    const path = await h.put('minimax', 'user', MINIMAX_USER);
    const r = await installBridge(h.deps, { profile: 'minimax', server: 'notes', workspace: h.workspace });
    expect(r).toMatchObject({ ok: true, value: { path, layer: 'user', changed: true, replaced: true } });
    const after = await h.read(path);
    expect(after).toContain('// my servers, by hand');
    expect(after).toContain('// OAuth: the panel logs in');
    const view = await h.config.load('minimax', h.workspace);
    const notes = view.servers.find((s) => s.name === 'notes')!;
    expect(notes.entry).toEqual({ command: COMMAND.command, args: ['bridge', 'notes', '--profile', 'minimax'], timeout: 30 });
    // The rest of the file is untouched outside the entry.
    expect(after.slice(0, after.indexOf('"notes"'))).toBe(MINIMAX_USER.slice(0, MINIMAX_USER.indexOf('"notes"')));
    const rec = await findInstall({ dataDir: h.deps.dataDir, profile: 'minimax', server: 'notes' });
    expect(rec).toMatchObject({ layer: 'user', file: path, installedAt: 1_700_000_000_000, originalValue: { url: 'https://notes.example/mcp', headers: { Authorization: 'Bearer ${NOTES_TOKEN}' }, timeout: 30 } });
    expect(rec!.originalText).toContain('/* the team\'s notes */');

    const u = await uninstallBridge(h.deps, { profile: 'minimax', server: 'notes' });
    expect(u).toEqual({ ok: true, value: { path, layer: 'user', restored: 'exact' } });
    expect(await h.read(path)).toBe(MINIMAX_USER);
    expect(await findInstall({ dataDir: h.deps.dataDir, profile: 'minimax', server: 'notes' })).toBeUndefined();
  });

  it('kimi user file with CRLF and odd spacing: byte for byte', async () => {
    const path = await h.put('kimi', 'user', KIMI_USER);
    const r = await installBridge(h.deps, { profile: 'kimi', server: 'search', layer: 'user', workspace: h.workspace });
    expect(r.ok).toBe(true);
    const view = await h.config.load('kimi', h.workspace);
    expect(view.servers.find((s) => s.name === 'search')!.entry).toEqual({ command: COMMAND.command, args: ['bridge', 'search', '--profile', 'kimi'], toolTimeoutMs: 20000 });
    expect(await h.read(path)).toContain('// last one');
    expect((await uninstallBridge(h.deps, { profile: 'kimi', server: 'search', layer: 'user', workspace: h.workspace })).ok).toBe(true);
    expect(await h.read(path)).toBe(KIMI_USER);
  });

  it('kimi project file (trusted workspace): the line names the workspace and starts mcp-panel by name; round trip exact', async () => {
    await h.config.trust.trust(h.workspace);
    const path = await h.put('kimi', 'project', KIMI_PROJECT);
    const r = await installBridge(h.deps, { profile: 'kimi', server: 'repo', layer: 'project', workspace: h.workspace });
    // A workspace file may be committed: no absolute path of this machine's install in it.
    expect(r).toMatchObject({ ok: true, value: { line: { command: 'mcp-panel', args: ['bridge', 'repo', '--profile', 'kimi', '--workspace', h.workspace] } } });
    expect(JSON.parse((await h.read(path)).replace('// team server', '')).mcpServers.repo.args).toContain('--workspace');
    expect((await uninstallBridge(h.deps, { profile: 'kimi', server: 'repo', layer: 'project', workspace: h.workspace })).ok).toBe(true);
    expect(await h.read(path)).toBe(KIMI_PROJECT);
  });

  it('adds the line when the layer has no such entry, and uninstall removes it', async () => {
    await h.config.trust.trust(h.workspace);
    await h.put('kimi', 'project', KIMI_PROJECT);
    const userPath = await h.put('kimi', 'user', KIMI_USER);
    const r = await installBridge(h.deps, { profile: 'kimi', server: 'repo', layer: 'user', workspace: h.workspace });
    expect(r).toMatchObject({ ok: true, value: { replaced: false, layer: 'user' } });
    const rec = await findInstall({ dataDir: h.deps.dataDir, profile: 'kimi', server: 'repo', file: userPath });
    // The real entry (from the project file) is what the bridge reaches.
    expect(rec).toMatchObject({ originalText: null, originalValue: { url: 'https://repo.example/mcp' } });
    expect(await uninstallBridge(h.deps, { profile: 'kimi', server: 'repo', layer: 'user', workspace: h.workspace })).toMatchObject({ ok: true, value: { restored: 'exact' } });
    expect(await h.read(userPath)).toBe(KIMI_USER);
  });

  it('after an unrelated edit by the user, uninstall restores the entry and keeps the edit', async () => {
    const path = await h.put('minimax', 'user', MINIMAX_USER);
    expect((await installBridge(h.deps, { profile: 'minimax', server: 'notes' })).ok).toBe(true);
    const edited = (await h.read(path)).replace('"/tmp"', '"/srv/data"').replace('// my servers, by hand', '// my servers, by hand (edited)');
    await (await import('node:fs/promises')).writeFile(path, edited);
    const u = await uninstallBridge(h.deps, { profile: 'minimax', server: 'notes' });
    expect(u).toMatchObject({ ok: true, value: { restored: 'entry' } });
    expect(await h.read(path)).toBe(MINIMAX_USER.replace('"/tmp"', '"/srv/data"').replace('// my servers, by hand', '// my servers, by hand (edited)'));
  });

  it('refuses to undo a bridge line the user changed, and keeps the record', async () => {
    const path = await h.put('minimax', 'user', MINIMAX_USER);
    expect((await installBridge(h.deps, { profile: 'minimax', server: 'docs' })).ok).toBe(true);
    const text = await h.read(path);
    await (await import('node:fs/promises')).writeFile(path, text.replace('"--profile"', '"--verbose", "--profile"'));
    const u = await uninstallBridge(h.deps, { profile: 'minimax', server: 'docs' });
    expect(u).toMatchObject({ ok: false, error: { code: 'edited' } });
    expect(await findInstall({ dataDir: h.deps.dataDir, profile: 'minimax', server: 'docs' })).toBeDefined();
  });

  it('installing twice changes nothing the second time; the records file is private', async () => {
    const path = await h.put('minimax', 'user', MINIMAX_USER);
    expect((await installBridge(h.deps, { profile: 'minimax', server: 'docs' })).ok).toBe(true);
    const once = await h.read(path);
    expect(await installBridge(h.deps, { profile: 'minimax', server: 'docs' })).toMatchObject({ ok: true, value: { changed: false } });
    expect(await h.read(path)).toBe(once);
    const { stat } = await import('node:fs/promises');
    expect((await stat(installRecordsPath(h.deps.dataDir))).mode & 0o077).toBe(0);
    expect(JSON.parse(await readFile(installRecordsPath(h.deps.dataDir), 'utf8')).installs).toHaveLength(1);
    expect((await uninstallBridge(h.deps, { profile: 'minimax', server: 'docs' })).ok).toBe(true);
    expect(await h.read(path)).toBe(MINIMAX_USER);
  });
});
