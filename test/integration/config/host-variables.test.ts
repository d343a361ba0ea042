// CFG-3 + CFG-8 through ConfigService on real files: a minimax project entry whose `${VAR}`
// the host keeps (the editor's keychain field) loads enabled; the view holds no secret.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ConfigService } from '../../../electron/services/config/config-service';
import { MemorySecretStore } from '../../../electron/services/auth';
import { KeychainConfigSecrets } from '../../../electron/services/auth/config-secrets';
import { ownerTarget } from '../../../electron/services/config/secret-owner';
import type { Profile } from '../../../shared/schemas/server';
import { useSandbox } from './helpers';

const sb = useSandbox();

const SECRET = 'sk-kept-in-the-keychain-0123456789';

describe('ConfigService hostVariables (CFG-3, CFG-8)', () => {
  it('a keychain-held ${VAR} is set for its server only; nothing else changes and no value shows', async () => {
    await sb.write(join(sb.ws, '.mcp.json'), {
      mcpServers: {
        vault: { command: 'srv', env: { API_KEY: '${VAULT_KEY}' } },
        neighbour: { command: 'srv', env: { API_KEY: '${VAULT_KEY}' } },
      },
    });
    const secrets = new KeychainConfigSecrets(new MemorySecretStore());
    const asked: Profile[] = [];
    const svc = new ConfigService({
      env: sb.env,
      cwd: sb.ws,
      hostVariables: (p) => {
        asked.push(p);
        return secrets.variableNames(p);
      },
    });
    const before = await svc.load('minimax', sb.ws);
    expect(before.servers.map((s) => [s.name, s.error])).toEqual([
      ['vault', 'environment variable VAULT_KEY not set; this server is disabled'],
      ['neighbour', 'environment variable VAULT_KEY not set; this server is disabled'],
    ]);

    const vaultEntry = { command: 'srv', env: { API_KEY: '${VAULT_KEY}' } };
    await secrets.storeEnvSecret({ profile: 'minimax', layer: 'project', path: join(sb.ws, '.mcp.json'), name: 'vault', target: ownerTarget(vaultEntry) }, 'VAULT_KEY', SECRET);
    const after = await svc.load('minimax', sb.ws);
    const vault = after.servers.find((s) => s.name === 'vault');
    expect(vault).toMatchObject({ error: null, enabled: true });
    expect(vault?.spec).toMatchObject({ id: 'configured:minimax:vault', env: { API_KEY: '${VAULT_KEY}' }, cwd: sb.ws });
    expect(after.servers.find((s) => s.name === 'neighbour')?.error).toMatch(/VAULT_KEY not set/);
    expect(after.problems.map((p) => p.pointer)).toEqual(['/mcpServers/neighbour']);
    expect(JSON.stringify(after)).not.toContain(SECRET);
    // Other profiles are asked for their own names; they do not expand, so are not asked at all.
    await svc.load('kimi', sb.ws);
    expect(asked).toEqual(['minimax', 'minimax']);
  });

  it('not asked without a project file; a failing provider is a warning and the check stays strict', async () => {
    await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { user: { command: 'srv' } } });
    let calls = 0;
    const broken = new ConfigService({
      env: sb.env,
      cwd: sb.ws,
      hostVariables: async () => {
        calls++;
        throw new Error('keychain locked');
      },
    });
    expect((await broken.load('minimax', sb.ws)).problems).toEqual([]);
    expect(calls).toBe(0);

    const proj = await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { vault: { command: 'srv', env: { K: '${VAULT_KEY}' } } } });
    const view = await broken.load('minimax', sb.ws);
    expect(calls).toBe(1);
    expect(view.servers.find((s) => s.name === 'vault')?.error).toMatch(/VAULT_KEY not set/);
    expect(view.problems).toContainEqual({
      path: proj,
      pointer: '',
      message: 'could not list the variables kept in the keychain: keychain locked',
      note: { code: 'keychain-list', params: { detail: 'keychain locked' } },
      severity: 'warning',
    });
    expect(view.servers.find((s) => s.name === 'user')?.error).toBeNull();
  });
});
