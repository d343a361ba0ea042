// AGENT-2: Codex's config.toml written through the one writer (lock, conflict check, atomic
// replace, secret refusal), then read back by the Codex profile's loader.
import { describe, expect, it } from 'vitest';
import { lstat, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { useSandbox } from './helpers';

const sb = useSandbox('each');

const USER = `# ~/.codex/config.toml
model = "gpt-5"

[mcp_servers.docs]
command = "npx"   # from the docs
args = ["-y", "@upstash/context7-mcp"]

[mcp_servers.docs.env]
LOG = "info"
`;

describe('Codex config.toml through the writer', () => {
  it('adds a server the Codex loader then reads, keeping every other byte', async () => {
    const file = await sb.write(join(sb.home, '.codex', 'config.toml'), USER);
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const r = await w.add({ profile: 'codex', layer: 'user' }, 'web', { url: 'https://web.example/mcp', bearer_token_env_var: 'WEB_TOKEN', http_headers: { 'X-Team': 'core' } });
    expect(r).toMatchObject({ ok: true, value: { changed: true, created: false } });
    const after = await readFile(file, 'utf8');
    expect(after.startsWith(USER.trimEnd())).toBe(true);
    expect(after.slice(USER.trimEnd().length)).toBe('\n\n[mcp_servers.web]\nurl = "https://web.example/mcp"\nbearer_token_env_var = "WEB_TOKEN"\n\n[mcp_servers.web.http_headers]\nX-Team = "core"\n');
    const view = await sb.service({ WEB_TOKEN: 't' }).load('codex', null);
    const web = view.servers.find((s) => s.name === 'web')!;
    expect(web.error).toBeNull();
    expect(web.spec).toMatchObject({ transport: 'http', url: 'https://web.example/mcp', headers: { 'X-Team': 'core' }, bearerTokenEnv: 'WEB_TOKEN' });
  });

  it('a file changed on disk since it was read is a conflict and is left as the other writer left it', async () => {
    const file = await sb.write(join(sb.home, '.codex', 'config.toml'), USER);
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const target = { profile: 'codex' as const, layer: 'user' as const };
    const base = await w.read(target);
    if (!base.ok) throw new Error(base.error.message);
    const theirs = USER + '\n[mcp_servers.theirs]\ncommand = "x"\n';
    await writeFile(file, theirs);
    const r = await w.disable(target, 'docs', { base: base.value });
    expect(r).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await readFile(file, 'utf8')).toBe(theirs);
  });

  it('writes through a dotfiles symlink to its target; refuses an inline secret without touching the file', async () => {
    const real = await sb.write(join(sb.root, 'dotfiles', 'codex.toml'), USER);
    await sb.write(join(sb.home, '.codex', '.keep'), '');
    const link = join(sb.home, '.codex', 'config.toml');
    await symlink(real, link);
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const target = { profile: 'codex' as const, layer: 'user' as const };
    expect((await w.disable(target, 'docs')).ok).toBe(true);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe(USER.replace('LOG = "info"', 'LOG = "info"').replace('args = ["-y", "@upstash/context7-mcp"]', 'args = ["-y", "@upstash/context7-mcp"]\nenabled = false'));
    const before = await readFile(real, 'utf8');
    const secret = await w.add(target, 'gh', { url: 'https://api.github.com/mcp', http_headers: { Authorization: 'Bearer ghp_0123456789abcdefghijklmnopqrstuvwxyzAB' } });
    expect(secret).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
    expect(await readFile(real, 'utf8')).toBe(before);
  });
});
