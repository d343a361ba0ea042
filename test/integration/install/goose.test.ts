// AGENT-1/2/3 for Goose: ~/.config/goose/config.yaml read by its profile (builtin extensions
// marked as Goose's own, stdio `cmd`/`envs` and streamable_http `uri` mapped onto the spec), and a
// server installed into it by span (Goose's `name`, `type`, `enabled` written), undone byte for byte.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInstallService } from '../../../electron/services/install/service';
import { fromProfile } from '../../../electron/services/install/source';
import { useSandbox } from '../config/helpers';

const sb = useSandbox('each');

const CONFIG = `# Goose
GOOSE_PROVIDER: openai
extensions:
  developer:
    bundled: true
    enabled: true
    name: developer
    type: builtin
  github:
    cmd: npx
    args: [-y, '@modelcontextprotocol/server-github']
    enabled: true
    envs: { LOG: debug }
    name: github
    timeout: 120
    type: stdio
  docs:
    enabled: false
    name: docs
    type: streamable_http
    uri: https://docs.example/mcp
`;

describe('Goose', () => {
  it('reads its extensions as servers, and takes an installed one by span', async () => {
    const file = await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), CONFIG);
    const view = await sb.service().load('goose', null);
    const by = Object.fromEntries(view.servers.map((s) => [s.name, s]));
    expect(by.github!.spec).toMatchObject({ transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { LOG: 'debug' }, callTimeoutMs: 120_000 });
    expect(by.docs).toMatchObject({ enabled: false, transport: 'http' });
    // Goose's own extension (issue 42 item 4): no error, nothing for the panel to start.
    expect(by.developer).toMatchObject({ error: null, agentOwn: 'Goose', spec: null });

    await sb.write(join(sb.home, '.gemini', 'settings.json'), { mcpServers: { fetch: { httpUrl: 'https://fetch.example/mcp' } } });
    const config = sb.service();
    const svc = createInstallService({ env: sb.env, config, command: null });
    const source = await fromProfile(config, 'gemini', 'fetch', null);
    const r = await svc.install({ source, targets: ['goose'], workspace: null });
    expect(r.written).toHaveLength(1);
    const after = await readFile(file, 'utf8');
    expect(after).toBe(CONFIG.replace('    uri: https://docs.example/mcp\n', '    uri: https://docs.example/mcp\n  fetch:\n    name: fetch\n    type: streamable_http\n    uri: https://fetch.example/mcp\n    enabled: true\n'));
    expect((await sb.service().load('goose', null)).servers.find((s) => s.name === 'fetch')?.spec).toMatchObject({ transport: 'http', url: 'https://fetch.example/mcp' });
    const undo = await svc.undo(r.id!);
    expect(undo.restored.map((x) => x.how)).toEqual(['exact']);
    expect(await readFile(file, 'utf8')).toBe(CONFIG);
  });
});
