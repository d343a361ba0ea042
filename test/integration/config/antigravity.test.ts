// Antigravity (issue 37 item 3; shared/profiles/antigravity/README.md): it drops a server entry of
// the wrong shape without a word while the rest of mcp_config.json loads, so the writer refuses to
// write one (the dialect schema says why) and the view says so of a hand-written one; `serverUrl`
// is its remote spelling, `disabled` its switch; the workspace's `.agents/` holds its project file.
// Antigravity itself is not on npm: no run of it checks these (its README says where each comes from).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { useSandbox } from './helpers';

const sb = useSandbox('each');
const userFile = () => join(sb.home, '.gemini', 'config', 'mcp_config.json');

describe('Antigravity', () => {
  it('refuses to write an entry Antigravity would drop, and writes nothing', async () => {
    await sb.write(userFile(), { mcpServers: {} });
    const before = await readFile(userFile(), 'utf8');
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const r = await w.add({ profile: 'antigravity', layer: 'user' }, 'bad', { command: 'npx', args: ['-y', 3] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(JSON.stringify(r.error)).toMatch(/Antigravity drops this server without a word/);
    expect(await readFile(userFile(), 'utf8')).toBe(before);
    const ok = await w.add({ profile: 'antigravity', layer: 'user' }, 'web', { serverUrl: 'https://web.example/mcp' });
    expect(ok.ok).toBe(true);
    expect(JSON.parse(await readFile(userFile(), 'utf8'))).toEqual({ mcpServers: { web: { serverUrl: 'https://web.example/mcp' } } });
  });

  it('reads serverUrl as remote, `disabled` as off, the workspace .agents/ file; a hand-written entry it would drop says so', async () => {
    await sb.write(userFile(), { mcpServers: { web: { serverUrl: 'https://web.example/mcp' }, off: { command: 'npx', disabled: true }, bad: { command: 'npx', env: { N: 1 } } } });
    await sb.write(join(sb.ws, '.agents', 'mcp_config.json'), { mcpServers: { proj: { command: 'npx', args: ['-y', 'srv'] } } });
    const view = await sb.service().load('antigravity', sb.ws);
    const by = Object.fromEntries(view.servers.map((s) => [s.name, s]));
    expect(by.web).toMatchObject({ transport: 'http', enabled: true });
    expect(by.off).toMatchObject({ transport: 'stdio', enabled: false });
    expect(by.proj).toMatchObject({ layer: 'project', transport: 'stdio' });
    expect(JSON.stringify(by.bad)).toMatch(/Antigravity drops this server without a word/);
  });
});
