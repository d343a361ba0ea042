// CFG-3 end to end: real files → ConfigService → ConnectionPool → a real stdio
// fixture. What the row says (runnable or not) is what the connect does, and `${X}` is sent
// as written where MiniMax would send it as written (its user mcp.json).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConnectionPool } from '../../../electron/services/connections';
import { fixture, tempDir } from '../connections/helpers';
import { useSandbox } from './helpers';

const sb = useSandbox();

const echo = (env: Record<string, string>) => ({ command: process.execPath, args: [fixture('echo'), 'stdio'], env });

describe('one ${VAR} rule, loader and engine', () => {
  it('minimax: a row that says runnable connects with what MiniMax would send; an unset variable disables the row, an empty one is set', async () => {
    await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { literal: echo({ TOKEN: 'Bearer ${PANEL_T_UNSET}' }) } });
    await sb.write(join(sb.ws, '.mcp.json'), {
      mcpServers: { fallback: echo({ TOKEN: '${PANEL_T_EMPTY:-dflt}' }), empty: echo({ TOKEN: '${PANEL_T_EMPTY}' }), unset: echo({ TOKEN: '${PANEL_T_UNSET}' }) },
    });
    await sb.trust();
    const env = { PANEL_T_EMPTY: '' };
    const view = await sb.service(env).load('minimax', sb.ws);
    const row = (name: string) => view.servers.find((s) => s.name === name);
    // `${VAR}` set to "" is set, as the shell has it (only `:-` treats "" as unset): runnable, sends "".
    expect(row('empty')?.error).toBeNull();
    expect(row('unset')?.error).toBe('environment variable PANEL_T_UNSET not set; this server is disabled');
    expect(row('unset')?.spec).toBeNull();
    // Before: the user-file server was expanded at connect time and failed; MiniMax sends it as written.
    expect([row('literal')?.error, row('fallback')?.error]).toEqual([null, null]);
    expect(view.problems.find((p) => p.pointer === '/mcpServers/literal')).toMatchObject({
      severity: 'warning',
      message: 'literal: MiniMax expands ${VAR} only in project files, so it will send "${PANEL_T_UNSET}" as written, and so does the panel',
    });

    const dir = await tempDir();
    const pool = new ConnectionPool({ dataDir: dir.path, env: { ...process.env, ...sb.env, ...env } });
    try {
      const runnable = view.servers.flatMap((s) => (s.spec ? [s.spec] : []));
      pool.setServers(runnable);
      const round = await pool.discover();
      expect(round.servers.map((s) => [s.id, s.state.kind]).sort()).toEqual([
        ['configured:minimax:empty', 'connected'],
        ['configured:minimax:fallback', 'connected'],
        ['configured:minimax:literal', 'connected'],
      ]);
      const token = async (id: string) => JSON.parse(((await pool.callTool(id, 'env', { name: 'TOKEN' })).content[0] as { text: string }).text).value;
      expect(await token('configured:minimax:literal')).toBe('Bearer ${PANEL_T_UNSET}');
      expect(await token('configured:minimax:fallback')).toBe('dflt');
      expect(await token('configured:minimax:empty')).toBe('');
    } finally {
      await pool.dispose();
      await dir.cleanup();
    }
  });
});
